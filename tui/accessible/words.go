package accessible

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/explain"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// This file words the game for the ear: the board a row a line, read left
// to right, the move and its new tile, the score, and the hint as
// sentences with the verdicts of the game's hint and review.

// boardLines says the board in four lines, the top row first: "Row 1: 2,
// empty, empty, 4."
func boardLines(b engine.Board) []string {
	lines := make([]string, 4)
	for r := range 4 {
		cells := make([]string, 4)
		for c := range 4 {
			cells[c] = tileWord(b.Tile(4*r + c))
		}
		lines[r] = fmt.Sprintf("Row %d: %s.", r+1, strings.Join(cells, ", "))
	}
	return lines
}

// tileWord says a cell: its tile's value, or "empty".
func tileWord(v int) string {
	if v == 0 {
		return "empty"
	}
	return strconv.Itoa(v)
}

// cellName says where cell i is: "row 3, column 1".
func cellName(i int) string { return fmt.Sprintf("row %d, column %d", i/4+1, i%4+1) }

// newTile says the tile that came after the move d from before to after:
// "New 2 at row 3, column 1."; "" if none came.
func newTile(before, after engine.Board, d engine.Direction) string {
	slid, _, _ := before.Move(d)
	for i := range engine.NumCells {
		if slid.Cell(i) == 0 && after.Cell(i) != 0 {
			return fmt.Sprintf("New %d at %s.", after.Tile(i), cellName(i))
		}
	}
	return ""
}

// capital returns s with its first letter in capitals: "Left".
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// scoreLine says the score, what the last move added, and the best score:
// "Score 1,204, plus 16. Best 5,000."
func scoreLine(score, gained, best int) string {
	s := "Score " + figures.Count(score)
	if gained > 0 {
		s += ", plus " + figures.Count(gained)
	}
	return s + ". Best " + figures.Count(best) + "."
}

// hintLines says the AI's hint r: the best move, what each other move
// would be as the review rates it, with its loss in points if points,
// else in percent, and why the AI prefers its move.
func hintLines(r ai.Result, points bool) []string {
	if !r.HasMove() {
		return []string{"No move is left."}
	}
	rs := review.Rate(r)
	s := "Best: " + r.Best.String() + "."
	var others, stuck []engine.Direction
	for d := range engine.Direction(engine.NumDirections) {
		switch {
		case !r.Legal[d]:
			stuck = append(stuck, d)
		case d != r.Best:
			others = append(others, d)
		}
	}
	slices.SortStableFunc(others, func(a, b engine.Direction) int { return cmp.Compare(rs[b].Standing(), rs[a].Standing()) }) // the best first
	for _, d := range others {
		s += " " + ratingSentence(d, r.Best, rs[d], lossWords(r, rs[d], points))
	}
	if len(stuck) > 0 {
		s += " " + capital(directionList(stuck)) + " can't move."
	}
	lines := []string{s}
	if why := explain.Why(r).Text(engine.Direction.String); why != "" {
		lines = append(lines, "Why: "+why+".")
	}
	return lines
}

// ratingSentence says what the move d would be: "Down is a mistake: it
// loses about 2,400 points."
func ratingSentence(d, best engine.Direction, rt review.Rating, loss string) string {
	name := capital(d.String())
	switch {
	case rt.Loses:
		return name + " loses the game at once."
	case rt.Verdict == review.Best:
		return name + " is as good as " + best.String() + "."
	}
	word := rt.Verdict.String()
	if rt.Verdict != review.Good {
		word = article(word) + " " + word
	}
	return name + " is " + word + ": it loses " + loss + "."
}

// article returns the article before word: "an" before a vowel.
func article(word string) string {
	if strings.ContainsAny(word[:1], "aeiou") {
		return "an"
	}
	return "a"
}

// lossWords says a move's loss as the hint writes it: points below the
// best with an evaluator of points (the loss, a share of the best move's
// value, back in points), else a percentage.
func lossWords(r ai.Result, rt review.Rating, points bool) string {
	if points {
		p := rt.Loss * max(math.Abs(r.Value[r.Best]), 1)
		if p < 1 {
			return "almost nothing"
		}
		return "about " + figures.Quantity(int(p), "point")
	}
	if s := figures.ShortPercent(rt.Loss); s != "≈0" {
		return "about " + s
	}
	return "almost nothing"
}

// directionList says directions as a list: "up", "up and right", "up,
// down and right".
func directionList(ds []engine.Direction) string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.String()
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
