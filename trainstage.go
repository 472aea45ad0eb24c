package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"time"

	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/outputs"
)

// defaultStarts is how many boards of the first stage's games a second
// stage's games start from (-starts): enough that no start comes back
// often (a game from one lasts thousands of moves, with random tiles), and
// found in about a minute on two cores.
const defaultStarts = 10_000

// checkStage reports what is wrong with the options of a second stage:
// -stage-tile and -starts go with -first, and -init-from with a new
// network, not with -init.
func (o *trainOptions) checkStage() error {
	switch {
	case o.first == "" && (o.set["stage-tile"] || o.set["starts"]):
		return errors.New("-stage-tile and -starts go with -first FILE, the first stage of the network whose second stage is trained")
	case o.first != "":
		if err := checkStageTile(o.stageTile); err != nil {
			return err
		}
		if o.starts < 1 || o.starts > maxStarts {
			return fmt.Errorf("-starts %d: want 1 to %s boards", o.starts, figures.Count(maxStarts))
		}
	}
	switch {
	case o.initFrom != "" && o.resume:
		return errors.New("-init-from: a resumed training goes on with the network of its file")
	case o.initFrom != "" && o.set["init"]:
		return errors.New("-init and -init-from both say where a new network starts: give one")
	}
	return nil
}

// checkStageTile reports a -stage-tile that is not a tile a second stage
// can begin at.
func checkStageTile(tile int) error {
	if tile < 4 || tile > 32768 || tile&(tile-1) != 0 {
		return fmt.Errorf("-stage-tile %d: want a tile from 4 to 32768", tile)
	}
	return nil
}

// maxStarts bounds -starts: each costs a game of the first stage.
const maxStarts = 1_000_000

// openFirstStage reads the first stage that -first names: nil without
// -first.
func openFirstStage(o trainOptions) (*ntuple.Network, error) {
	if o.first == "" {
		return nil, nil
	}
	net, _, err := evaluators.ReadNetwork(o.first)
	if err != nil {
		return nil, fmt.Errorf("-first: %w", err)
	}
	if len(net.Stages()) > 1 {
		net.Release()
		return nil, fmt.Errorf("-first %s: a network of stages already; give the network of its first stage", o.first)
	}
	return net, nil
}

// initialNetwork returns the network a new training starts from: a copy of
// -init-from's, of the first stage's for a second stage without -init, or
// one that values every board at -init.
func initialNetwork(o trainOptions, first *ntuple.Network) (*ntuple.Network, error) {
	from, name := first, o.first
	if o.initFrom != "" {
		net, _, err := evaluators.ReadNetwork(o.initFrom)
		if err != nil {
			return nil, fmt.Errorf("-init-from: %w", err)
		}
		// Copied below, or refused: not kept for the hours of training.
		defer net.Release()
		from, name = net, o.initFrom
	}
	if from == nil || o.set["init"] {
		return ntuple.New(o.design, float32(o.initial))
	}
	if o.set["net"] && from.Design() != o.design {
		return nil, fmt.Errorf("-net %v: the network it starts from is a %v one", o.design, from.Design())
	}
	if len(from.Stages()) > 1 {
		return nil, fmt.Errorf("-init-from %s: a network of stages; a new network starts from one network", name)
	}
	return from.Copy()
}

// checkResumedStage reports a weights file whose stage is not the one the
// options train: a second stage resumed without its first, or with
// another tile, or a network of every board resumed as a second stage.
func checkResumedStage(o trainOptions, c *ntuple.Checkpoint) error {
	tile := c.State.StageTile
	switch {
	case tile != 0 && o.first == "":
		return fmt.Errorf("%s holds the stage from %d of a network of stages: resume it with -first FILE, its first stage", o.weights, tile)
	case tile == 0 && o.first != "":
		return fmt.Errorf("-first: %s holds a network of every board, not a second stage", o.weights)
	case o.set["stage-tile"] && tile != o.stageTile:
		return fmt.Errorf("-stage-tile %d: %s holds the stage from %d", o.stageTile, o.weights, tile)
	}
	return nil
}

// prepareStage makes the trainer's games start where the first stage's
// games first reach the stage's tile, and returns the first stage as the
// evaluations need it, with the boards on which they shift the second
// stage to meet it (as -export does: see ntuple.JoinStages); nil for a
// network of one stage.
func prepareStage(ctx context.Context, o trainOptions, first *ntuple.Network, t *ntuple.Trainer, stderr io.Writer) ([]ntuple.Stage, []engine.Board, error) {
	if first == nil {
		return nil, nil, nil
	}
	st := t.State()
	if first.Design() != t.Network().Design() {
		return nil, nil, fmt.Errorf("-first %s is a %v network, the second stage a %v one: the stages share a design", o.first, first.Design(), t.Network().Design())
	}
	start := time.Now()
	fmt.Fprintf(stderr, "train: playing the first stage %s until it holds %d, %s times…\n", o.first, st.StageTile, figures.Count(o.starts))
	boards, games, err := firstBoards(ctx, o, first, st.StageTile, o.starts, st.Seed)
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
func firstBoards(ctx context.Context, o trainOptions, first *ntuple.Network, tile, n int, seed uint64) ([]engine.Board, int, error) {
	boards, games, err := ntuple.FirstBoards(ctx, first, tile, n, seed, o.threads)
	if ctx.Err() != nil {
		return nil, 0, fmt.Errorf("%w while the first stage played, before any training: nothing written", errInterrupted)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("-first %s: %w", o.first, err)
	}
	return boards, games, nil
}

// exportStages writes the play file of a network of two stages: -first's
// network, then from its tile -weights's, each a play file as it is or a
// weights file exported with -step and -tiers. The second is the second
// stage of a weights file trained with -first, or any network given its
// tile with -stage-tile: two networks trained apart, put together. The
// second stage's values are shifted to meet the first's where it takes
// over, by the gap measured there or by -stage-shift (see
// ntuple.JoinStages).
func exportStages(ctx context.Context, o trainOptions, stdout, stderr io.Writer) error {
	first, err := readPlayable("-first", o.first)
	if err != nil {
		return err
	}
	defer first.Release() // a weights file's network, refused below or played
	switch {
	case first.State.StageTile != 0:
		return fmt.Errorf("-first %s: a second stage itself, not a first", o.first)
	case first.StageTiles != nil:
		return fmt.Errorf("-first %s: a network of stages already; give the network of its first stage", o.first)
	}
	second, err := readPlayable("-weights", o.weights)
	if err != nil {
		return err
	}
	defer second.Release()
	tile, err := joinedTile(o, second)
	if err != nil {
		return err
	}
	episodes := first.State.Episodes + second.State.Episodes
	start := time.Now()
	stages, seam, err := ntuple.JoinStages(ctx, first, second, tile, ntuple.Join{Step: float32(o.step), Tiers: o.tiers,
		Shift: o.stageShift, Workers: o.threads, Measuring: func() {
			start = time.Now()
			fmt.Fprintf(stderr, "train: measuring where the stages meet: the first stage plays until it holds %d, %s times…\n", tile, figures.Count(ntuple.SeamBoards))
		}})
	if err != nil {
		return joinError(ctx, o, err)
	}
	shift := 0.0
	if o.stageShift != nil {
		shift = *o.stageShift
	} else {
		fmt.Fprintf(stderr, "train: measured in %v, on %s games\n", time.Since(start).Round(time.Second), figures.Count(seam.Games))
		shift = seam.Gap()
	}
	f, err := outputs.Create("-export", o.export)
	if err != nil {
		return err
	}
	defer f.Abort() // after Commit, nothing
	size, err := ntuple.WriteStagedPlay(f, stages)
	if err != nil {
		return fmt.Errorf("-export %s: %w", o.export, err)
	}
	if err := f.Commit(true); err != nil {
		return fmt.Errorf("-export %s: %w", o.export, err)
	}
	fmt.Fprintf(stdout, "train: %s: a network of two stages, %s's, then from %d %s's, %.1f MB, %s games in all\n",
		o.export, o.first, tile, o.weights, float64(size)/1e6, figures.Count(episodes))
	fmt.Fprintf(stdout, "train: %s\n", describeShift(shift, seam, tile))
	return nil
}

// joinedTile returns the tile from which second, the second stage of
// -export, values boards: the tile it was trained from, or -stage-tile's
// for a network of every board. It refuses a network of stages.
func joinedTile(o trainOptions, second *ntuple.Playable) (int, error) {
	tile := second.State.StageTile
	switch {
	case second.StageTiles != nil:
		return 0, fmt.Errorf("-weights %s: a network of stages already; give the network of the second stage", o.weights)
	case tile == 0 && !o.set["stage-tile"]:
		return 0, fmt.Errorf("-first: %s holds a network of every board, not a second stage; to play it from a tile on, after the first stage, give the tile with -stage-tile N", o.weights)
	case tile == 0:
		return o.stageTile, nil
	case o.set["stage-tile"] && o.stageTile != tile:
		return 0, fmt.Errorf("-stage-tile %d: %s holds the stage from %d", o.stageTile, o.weights, tile)
	}
	return tile, nil
}

// joinError returns the error of -export for an error of
// ntuple.JoinStages, naming the file of the stage at fault.
func joinError(ctx context.Context, o trainOptions, err error) error {
	var stage *ntuple.StageError
	var seam *ntuple.SeamError
	switch {
	case errors.As(err, &seam) && ctx.Err() != nil:
		return fmt.Errorf("%w while measuring where the stages meet: nothing written", errInterrupted)
	case errors.As(err, &seam):
		return fmt.Errorf("-first %s: measuring where the stages meet: %w; give the shift with -stage-shift P (0: none)", o.first, seam.Err)
	case errors.As(err, &stage) && stage.Stage == 0:
		return fmt.Errorf("-first %s: %w", o.first, stage.Err)
	case errors.As(err, &stage):
		return fmt.Errorf("-weights %s: %w", o.weights, stage.Err)
	}
	return err
}

// describeShift says by how much the second stage's values were shifted,
// and why: seam is what was measured, or nil for -stage-shift.
func describeShift(shift float64, seam *ntuple.Seam, tile int) string {
	points := figures.Count(int64(math.Round(math.Abs(shift))))
	var s string
	switch {
	case shift > 0:
		s = fmt.Sprintf("the second stage's values raised by %s points", points)
	case shift < 0:
		s = fmt.Sprintf("the second stage's values lowered by %s points", points)
	default:
		s = "the second stage's values as trained"
	}
	if seam == nil {
		return s + " (-stage-shift)"
	}
	return fmt.Sprintf("%s to meet the first's at %d: on the afterstates of %s boards where the first stage's games first hold it, they value %s points to come, the first %s",
		s, tile, figures.Count(seam.Boards), figures.Count(int64(math.Round(seam.After))), figures.Count(int64(math.Round(seam.Before))))
}

// parseStageShift parses -stage-shift: auto, nil, or a number of points.
func parseStageShift(s string) (*float64, error) {
	if s == "auto" {
		return nil, nil
	}
	p, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(p) || math.Abs(p) > maxInitial {
		return nil, fmt.Errorf("want auto, or a number of points from %g to %g", -maxInitial, maxInitial)
	}
	return &p, nil
}

// readPlayable reads the network in the file at path, named by flag in
// messages, to be written as a stage of a play file (see
// ntuple.ReadPlayable).
func readPlayable(flag, path string) (*ntuple.Playable, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w at %s", flag, evaluators.ErrNoWeights, path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	defer f.Close()
	p, err := ntuple.ReadPlayable(f)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	return p, nil
}
