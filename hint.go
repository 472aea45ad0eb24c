package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

const hintSynopsis = "2048 hint [-depth N|auto] [-time D] [-eval NAME [-weights FILE]] [-json] BOARD"

const hintAbout = `Hint prints the AI's choice for one position: the best move, the expected
value of each move, the depth searched, the work done and the time taken.
The search uses every core.

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
	asJSON := fs.Bool("json", false, "print the answer as one JSON object")
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

	s := ai.NewSearcher(ai.Config{Eval: eval})
	r, err := s.Search(ctx, board, ai.Limits{Depth: depth.plies, Time: *budget})
	if err != nil && ctx.Err() != nil {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return writeHintJSON(stdout, r, evalFlags.name)
	}
	return writeHintText(stdout, r, evalFlags.name, *budget)
}

// moveName returns the best move of r, or "none" if no move is legal.
func moveName(r ai.Result) string {
	if !r.HasMove() {
		return "none"
	}
	return r.Best.String()
}

// hintJSON is the JSON answer of hint.
type hintJSON struct {
	Move        string     `json:"move"`
	Values      moveValues `json:"values"`
	Depth       int        `json:"depth"`
	Evaluations uint64     `json:"evaluations"`
	Nodes       uint64     `json:"nodes"`
	Seconds     float64    `json:"seconds"`
	Board       string     `json:"board"`
	Auto        bool       `json:"auto"`     // the depth came from the position
	Reached     int        `json:"reached"`  // plies of the deepest leaf
	Deadline    bool       `json:"deadline"` // -time ended the search
	Threads     int        `json:"threads"`
	Eval        string     `json:"eval"`
}

// writeHintJSON prints r as one line of JSON (see hintJSON).
func writeHintJSON(w io.Writer, r ai.Result, eval string) error {
	out := hintJSON{
		Move:        moveName(r),
		Values:      newMoveValues(r),
		Depth:       r.Depth,
		Evaluations: r.MovesTried,
		Nodes:       r.Nodes,
		Seconds:     r.Elapsed.Seconds(),
		Board:       r.Board.String(),
		Auto:        r.Auto,
		Reached:     r.Reached,
		Deadline:    r.Deadline,
		Threads:     r.Threads,
		Eval:        eval,
	}
	data, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// writeHintText prints r for people: the board, each move's value, the
// depth, the work and the time.
func writeHintText(w io.Writer, r ai.Result, eval string, budget time.Duration) error {
	var sb strings.Builder
	if r.HasMove() {
		fmt.Fprintf(&sb, "best move: %s\n\n", moveName(r))
	} else {
		sb.WriteString("best move: none (no move changes the board: the game is over)\n\n")
	}
	writeBoard(&sb, r.Board)
	sb.WriteString("\nmove    expected value\n")
	for d := range engine.Direction(engine.NumDirections) {
		switch {
		case !r.Legal[d]:
			fmt.Fprintf(&sb, "%-6s  %16s\n", d, "- (changes nothing)")
		case r.Best == d:
			fmt.Fprintf(&sb, "%-6s  %16.1f  best\n", d, r.Value[d])
		default:
			fmt.Fprintf(&sb, "%-6s  %16.1f\n", d, r.Value[d])
		}
	}
	how := ""
	switch {
	case budget > 0:
		how = fmt.Sprintf(" (the deepest completed within -time %v)", budget)
	case r.Auto:
		how = " (auto)"
	}
	fmt.Fprintf(&sb, "\ndepth %s%s, deepest leaf %d, eval %s, cut-off %g\n",
		figures.Plies(r.Depth), how, r.Reached, eval, ai.DefaultCutoff)
	fmt.Fprintf(&sb, "%s evaluations (%s/s), %s nodes, %s table hits\n",
		figures.Count(r.MovesTried), figures.Rate(r.MovesTriedPerSecond()), figures.Count(r.Nodes), figures.Count(r.Hits))
	fmt.Fprintf(&sb, "%s on %d %s\n", figures.Duration(r.Elapsed), r.Threads, figures.Plural(r.Threads, "thread"))
	_, err := io.WriteString(w, sb.String())
	return err
}
