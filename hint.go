package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/explain"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/progress"
)

const hintSynopsis = "2048 hint [-depth N|auto] [-time D] [-eval NAME [-weights FILE]] [-json] [-v] BOARD"

const hintAbout = `Hint prints the AI's choice for one position as the game's hint shows it:
the best move, each other move's verdict and how much it gives up against
the best (as the replay rates a move played), why the best move in plain
words, the depth searched and the time taken; -v adds each move's value and
the search's figures. The search uses every core.

BOARD is the 16 tile values row by row from the top-left, 0 for an empty
cell, separated by spaces or commas, with optional slashes between rows:
	2048 hint "2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 0 0 0 2"
`

// hintCommand runs "2048 hint": it parses args, searches the board they give
// and prints the answer to stdout.
func hintCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newCommandFlags("2048 hint", hintSynopsis, hintAbout+"\n"+evaluatorList(), stdout, stderr)
	depth := fs.depthFlag(ai.MaxDepth, "")
	budget := fs.Duration("time", 0, "search ply by ply for at most `D` (like 200ms), no deeper than -depth if set")
	evalFlags := fs.evalFlags()
	asJSON := fs.Bool("json", false, "print the answer as one JSON object, each move's value and rating")
	verbose := fs.Bool("v", false, "also print each move's value and the search's figures (its leaves, work and speed)")
	rest, err := fs.parseInterspersed(args)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return fs.usageError("no board given")
	}
	if *budget < 0 {
		return fs.usageError("-time %v: want a positive duration", *budget)
	}
	if err := evalFlags.check(); err != nil {
		return err
	}
	board, err := engine.Parse(strings.Join(rest, " "))
	if err != nil {
		return fs.usageError("%v", err)
	}
	eval, err := evalFlags.open()
	if err != nil {
		return err
	}
	defer releaseEvaluator(eval) // the search has returned: no goroutine of it is left

	s := ai.NewSearcher(ai.Config{Eval: eval})
	limits := ai.Limits{Depth: depth.plies, Time: *budget}
	r, err := searchNoting(ctx, s, board, limits, stderr, slowSearch)
	if err != nil && ctx.Err() != nil {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return review.WriteHintJSON(stdout, r, evalFlags.name, explain.Why(r).String(), s.EstimatesScore())
	}
	return writeHintText(stdout, r, hintReport{eval: evalFlags.name, budget: *budget, verbose: *verbose, points: s.EstimatesScore()})
}

// slowSearch is how long a search of hint runs before hint says, on
// stderr, that it is at work: a search of 12 plies or more can take
// minutes, and silence then reads as a hang.
const slowSearch = time.Second

// searchNoting runs the search of b within l, and once it has taken longer
// than after, says on stderr that it is at work and how to stop it (see
// progress.Wait).
func searchNoting(ctx context.Context, s *ai.Searcher, b engine.Board, l ai.Limits, stderr io.Writer, after time.Duration) (ai.Result, error) {
	plies := l.Depth
	if plies == ai.Auto {
		plies = s.AutoDepth(b)
	}
	what := "searching " + figures.Plies(plies)
	if l.Time > 0 {
		what = fmt.Sprintf("searching for up to %v", l.Time)
	}
	done := make(chan struct{})
	noted := make(chan struct{})
	go func() {
		defer close(noted)
		progress.Wait(done, stderr, isTerminal(stderr), "2048 hint", what, after)
	}()
	r, err := s.Search(ctx, b, l)
	close(done)
	<-noted
	return r, err
}

// A hintReport says how the text of 2048 hint is written.
type hintReport struct {
	eval    string        // the evaluator's name
	budget  time.Duration // -time, if given
	verbose bool          // -v: each move's value and the search's figures
	points  bool          // the values are points to come: losses in points too
}

// writeHintText prints r for people, in the words of the game's hint: the
// best move, the board, each move's verdict and loss against the best (as
// the replay rates a move played), why the best move, the depth, and the
// time. With verbose, it also prints each move's value and the search's
// figures: the evaluator, the leaves, the work and its speed.
func writeHintText(w io.Writer, r ai.Result, o hintReport) error {
	eval, budget, verbose := o.eval, o.budget, o.verbose
	var sb strings.Builder
	if r.HasMove() {
		fmt.Fprintf(&sb, "best move: %s\n\n", r.Best)
	} else {
		sb.WriteString("best move: none (no move changes the board: the game is over)\n\n")
	}
	writeBoard(&sb, r.Board)
	writeRatings(&sb, r, verbose, o.points)
	if why := explain.Why(r).String(); why != "" {
		fmt.Fprintf(&sb, "\nwhy: %s\n", why)
	}
	how := ""
	switch {
	case budget > 0:
		how = fmt.Sprintf(", the deepest completed within -time %v", budget)
	case r.Auto:
		how = ", chosen by the position"
	}
	fmt.Fprintf(&sb, "\ndepth %s%s (a ply is one move of yours, with every tile the game could add after it)\n",
		figures.Plies(r.Depth), how)
	fmt.Fprintf(&sb, "%s on %d %s\n", figures.Duration(r.Elapsed), r.Threads, figures.Plural(r.Threads, "thread"))
	if verbose {
		fmt.Fprintf(&sb, "deepest leaf %d, eval %s, cut-off %g\n", r.Reached, eval, r.Cutoff)
		fmt.Fprintf(&sb, "%s evaluations (%s/s), %s nodes, %s table hits\n",
			figures.Count(r.MovesTried), figures.Rate(r.MovesTriedPerSecond()), figures.Count(r.Nodes), figures.Count(r.Hits))
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeRatings writes the table of the moves of r: each legal move's
// verdict and its loss against the best, as a percentage of the best
// move's value, in points as well if points, and with verbose the value
// the search gave it.
func writeRatings(sb *strings.Builder, r ai.Result, verbose, points bool) {
	if !r.HasMove() {
		return
	}
	rs := review.Rate(r)
	head := fmt.Sprintf("%-6s  %-10s  %6s", "move", "verdict", "loss")
	if points {
		head += fmt.Sprintf("  %9s", "points")
	}
	if verbose {
		head += "  value"
	}
	sb.WriteString("\n" + head + "\n")
	for d := range engine.Direction(engine.NumDirections) {
		if !r.Legal[d] {
			fmt.Fprintf(sb, "%-6s  %s\n", d, "- (changes nothing)")
			continue
		}
		loss := ""
		if rs[d].Verdict != review.Best && rs[d].Verdict != review.Forced {
			loss = figures.ShortPercent(rs[d].Loss)
		}
		line := fmt.Sprintf("%-6s  %-10s  %6s", d, rs[d].Word(), loss)
		if points {
			lost := ""
			if loss != "" {
				lost = "−" + pointsBelow(r.Value[r.Best]-r.Value[d])
			}
			line += fmt.Sprintf("  %9s", lost)
		}
		if verbose {
			line += fmt.Sprintf("  %.1f", r.Value[d])
		}
		sb.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	if points {
		sb.WriteString("(points: how many fewer points the game can expect to end with, as the network values it)\n")
	}
	fmt.Fprintf(sb, "(loss: what the move gives up against the best, as the replay counts it;\n"+
		" good under %s, an inaccuracy under %s, a mistake under %s, a blunder beyond)\n",
		percent(review.GoodLoss), percent(review.InaccuracyLoss), percent(review.MistakeLoss))
}

// percent writes a fraction as a percentage with no more digits than it
// has: 0.001 is "0.1%".
func percent(f float64) string {
	return strconv.FormatFloat(f*100, 'g', 3, 64) + "%"
}
