package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/gamefile"
)

// writeReviewText prints the review of the game in file for people: what
// the game was, the setting, the accuracy, the count of each verdict and
// the worst moves with their boards.
func writeReviewText(w io.Writer, file gamefile.File, rev *review.Review, worst int) error {
	var sb strings.Builder
	writeReviewHeader(&sb, file, rev)
	if len(rev.Moves) == 0 {
		if rev.Total == 0 {
			sb.WriteString("no move to review: the game has not begun\n")
		}
		_, err := io.WriteString(w, sb.String())
		return err
	}
	s := rev.Summary()
	if s.Rated > 0 {
		fmt.Fprintf(&sb, "accuracy %s over the player's %s where the choice mattered (of %s rated)\n", figures.Percent(s.Accuracy/100, 1),
			figures.Quantity(s.Mattered, "move"), figures.Count(s.Rated))
		sb.WriteString("  (100%: none worse than good; 0%: no better than moves picked at random;\n" +
			"   a move where every move was good counts for nothing)\n\n")
	} else {
		sb.WriteString("accuracy: no move of the player's to rate\n\n")
	}
	fmt.Fprintf(&sb, "verdicts of the player's %s %s\n", figures.Count(s.Player), figures.Plural(s.Player, "move"))
	for v := range review.NumVerdicts {
		fmt.Fprintf(&sb, "  %-12s %7s\n", v, figures.Count(s.Verdicts[v]))
	}
	fmt.Fprintf(&sb, "moves by the AI %s  (autoplay and played hints: not rated)\n", figures.Count(s.AI))

	moves := rev.Worst(worst)
	switch {
	case worst == 0:
	case len(moves) == 0:
		sb.WriteString("\nno move of the player's lost anything\n")
	default:
		if len(moves) == 1 {
			sb.WriteString("\nthe worst move\n")
		} else {
			fmt.Fprintf(&sb, "\nthe %d worst moves\n", len(moves))
		}
		for _, m := range moves {
			sb.WriteByte('\n')
			writeReviewedMove(&sb, m, rev.Setting.InPoints())
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeReviewHeader writes what the game was, how it was reviewed, and
// what the reader must know.
func writeReviewHeader(sb *strings.Builder, file gamefile.File, rev *review.Review) {
	fmt.Fprintf(sb, "%s: seed %d, %s %s, score %s, highest tile %d\n", file.Source, file.Game.Seed,
		figures.Count(rev.Total), figures.Plural(rev.Total, "move"), figures.Count(file.Score), file.Tile)
	if file.Game.Start != 0 {
		fmt.Fprintf(sb, "started from %v\n", file.Game.Start)
	}
	how := "the same on every machine"
	if !rev.Setting.Deterministic() {
		how = "the values depend on the speed of this machine"
	}
	fmt.Fprintf(sb, "reviewed at %v: %s\n", rev.Setting, how)
	switch n := len(rev.Moves); {
	case n == 0 && rev.Total > 0:
		fmt.Fprintf(sb, "interrupted before any of the %s moves was reviewed\n", figures.Count(rev.Total))
	case !rev.Complete():
		fmt.Fprintf(sb, "interrupted: the first %s of %s moves were reviewed\n", figures.Count(n), figures.Count(rev.Total))
	}
	if file.Note != "" {
		fmt.Fprintf(sb, "note: %s\n", file.Note)
	}
	sb.WriteByte('\n')
}

// writeReviewedMove writes a move's verdict, its board and the value of
// each direction against the best: in points as well as in percent if the
// values are points.
func writeReviewedMove(sb *strings.Builder, m review.Move, inPoints bool) {
	loss := figures.ShortPercent(m.Loss)
	if inPoints {
		loss = pointsBelow(m.PointsLost()) + " points (" + loss + ")"
	}
	fmt.Fprintf(sb, "move %s: %v, %v where %v was best, loss %s\n", figures.Count(m.Number), m.Verdict, m.Played, m.Best(), loss)
	writeBoard(sb, m.Search.Board)
	r := m.Search
	for d := range engine.Direction(engine.NumDirections) {
		if !r.Legal[d] {
			fmt.Fprintf(sb, "  %-6s  can't move\n", d)
			continue
		}
		gap := "best"
		switch {
		case d != r.Best && inPoints:
			gap = "−" + pointsBelow(r.Value[r.Best]-r.Value[d])
		case d != r.Best:
			gap = figures.ShortPercent(r.Gap(d))
			if gap != "≈0" {
				gap = "−" + gap
			}
		}
		line := fmt.Sprintf("  %-6s  %16s  %-7s", d, figures.Decimal(r.Value[d], 1), gap)
		if d == m.Played {
			line += "  played"
		}
		sb.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

// pointsBelow writes a loss in points, whole: "2,400".
func pointsBelow(p float64) string { return figures.Count(int(math.Round(p))) }
