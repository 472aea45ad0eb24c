package training

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// prepareStage makes the trainer's games start where the first stage's
// games first reach the stage's tile, and returns the first stage as the
// evaluations need it, with the boards on which they shift the second
// stage to meet it (as -export does: see ntuple.JoinStages); nil for a
// network of one stage.
func prepareStage(ctx context.Context, o Options, first *ntuple.Network, t *ntuple.Trainer, stderr io.Writer) ([]ntuple.Stage, []engine.Board, error) {
	if first == nil {
		return nil, nil, nil
	}
	st := t.State()
	if first.Design() != t.Network().Design() {
		return nil, nil, fmt.Errorf("-first %s is a %v network, the second stage a %v one: the stages share a design", o.First, first.Design(), t.Network().Design())
	}
	start := time.Now()
	fmt.Fprintf(stderr, "train: playing the first stage %s until it holds %d, %s times…\n", o.First, st.StageTile, figures.Count(o.Starts))
	boards, games, err := firstBoards(ctx, o, first, st.StageTile, o.Starts, st.Seed)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(stderr, "train: the second stage's games start from the %s boards where %s of %s games (%.1f%%) first hold %d (%v); their scores count from there\n",
		figures.Count(len(boards)), figures.Count(len(boards)), figures.Count(games), 100*float64(len(boards))/float64(games), st.StageTile, time.Since(start).Round(time.Second))
	if err := t.SetStarts(boards); err != nil {
		return nil, nil, err
	}
	start = time.Now()
	meetOn, _, err := firstBoards(ctx, o, first, st.StageTile, ntuple.SeamBoards, ntuple.SeamSeed)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(stderr, "train: the evaluations raise or lower the second stage to meet the first where it takes over, as -export does: on the afterstates of %s more boards where its games first hold %d (%v)\n",
		figures.Count(len(meetOn)), st.StageTile, time.Since(start).Round(time.Second))
	return []ntuple.Stage{{Net: first}}, meetOn, nil
}

// firstBoards returns the first board holding tile of each of n games of
// the first stage, from seed, and the games played to find them.
func firstBoards(ctx context.Context, o Options, first *ntuple.Network, tile, n int, seed uint64) ([]engine.Board, int, error) {
	boards, games, err := ntuple.FirstBoards(ctx, first, tile, n, seed, o.Threads)
	if ctx.Err() != nil {
		return nil, 0, &interruptedError{" while the first stage played, before any training: nothing written", ctx.Err()}
	}
	if err != nil {
		return nil, 0, fmt.Errorf("-first %s: %w", o.First, err)
	}
	return boards, games, nil
}
