package explain_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/explain"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// This file checks that every reason is true of its board: the sentence
// is read back word for word, and what it says is checked on the boards
// the moves lead to, with the engine alone.

// sentences are the forms a reason takes, each with the check of what it
// says: m holds the sentence's submatches, the moves already read.
var sentences = []struct {
	form  *regexp.Regexp
	other int                  // the submatch that names the move set against the best; 0 for none
	check func(c claim) string // "" if the claim holds, else what is wrong
}{
	{regexp.MustCompile(`^(up|down|left|right) is the only move that does not lose$`), 0, func(c claim) string {
		return c.onBest(func(b engine.Board, d engine.Direction, best bool) bool { return deadAfter(b, d) != best })
	}},
	{regexp.MustCompile(`^(up|down|left|right) (?:is the only move that )?keeps the (\d+) in its corner(?:, (up|down|left|right) does not)?$`), 3, func(c claim) string {
		v := c.number(2)
		corner, ok := largestIn(c.r.Board, v)
		if !ok || !isCorner(corner) {
			return "the tile named is not the one largest tile, in a corner"
		}
		return c.onBest(func(b engine.Board, d engine.Direction, best bool) bool {
			a := after(b, d)
			if best {
				return a.Tile(corner) == v
			}
			return !inCorner(a, v)
		})
	}},
	{regexp.MustCompile(`^(up|down|left|right) (?:is the only move that )?puts the (\d+) in a corner(?:, (up|down|left|right) does not)?$`), 3, func(c claim) string {
		v := c.number(2)
		if cell, ok := largestIn(c.r.Board, v); !ok || isCorner(cell) {
			return "the tile named is not the one largest tile, out of the corners"
		}
		return c.onBest(func(b engine.Board, d engine.Direction, best bool) bool {
			a := after(b, d)
			if best {
				cell, ok := largestIn(a, v)
				return ok && isCorner(cell)
			}
			return !inCorner(a, v)
		})
	}},
	{regexp.MustCompile(`^(up|down|left|right) (?:is the only move that )?(keeps|fills) the (\d+)'s (row|column)( full)?(?:, (up|down|left|right) does not)?$`), 6, func(c claim) string {
		v := c.number(3)
		cell, ok := largestIn(c.r.Board, v)
		if !ok || !isCorner(cell) {
			return "the tile named is not the one largest tile, in a corner"
		}
		if (c.m[2] == "keeps") != (c.m[5] == " full") {
			return "keeps without full, or fills with it"
		}
		line := lineCells(cell, c.m[4] == "column")
		if filled(c.r.Board, line) != (c.m[2] == "keeps") {
			return "the line was full before and is said to be filled, or the other way round"
		}
		return c.onBest(func(b engine.Board, d engine.Direction, best bool) bool {
			a := after(b, d)
			return a.Tile(cell) == v && filled(a, line) == best
		})
	}},
	{regexp.MustCompile(`^(up|down|left|right) merges (the two|two|two pairs of|three pairs of|four pairs of) (\d+)s, (up|down|left|right) does not$`), 4, func(c claim) string {
		v, pairs := c.number(3), map[string]int{"the two": 1, "two": 1, "two pairs of": 2, "three pairs of": 3, "four pairs of": 4}[c.m[2]]
		if c.m[2] == "the two" && tiles(c.r.Board, v) != 2 {
			return "the board does not hold two tiles of the value named"
		}
		if made := merged(c.r.Board, c.r.Best, 2*v); made != pairs {
			return "the best move makes " + strconv.Itoa(made) + " tiles of twice the value named"
		}
		if merged(c.r.Board, c.other, 2*v) != 0 {
			return "the other move merges tiles of the value named too"
		}
		return ""
	}},
	{regexp.MustCompile(`^(up|down|left|right) leaves (no empty cell|1 empty cell|(\d+) empty cells), (up|down|left|right) (none|\d+)$`), 4, func(c claim) string {
		best, other := c.m[2], c.m[5]
		n := map[string]string{"no empty cell": "0", "1 empty cell": "1"}[best]
		if n == "" {
			n = c.m[3]
		}
		if other == "none" {
			other = "0"
		}
		if e := strconv.Itoa(after(c.r.Board, c.r.Best).CountEmpty() - 1); e != n {
			return "the best move leaves " + e + " empty cells"
		}
		if e := strconv.Itoa(after(c.r.Board, c.other).CountEmpty() - 1); e != other {
			return "the other move leaves " + e + " empty cells"
		}
		return ""
	}},
}

// A claim is a sentence read against the search it explains.
type claim struct {
	r     ai.Result
	m     []string         // the submatches of the sentence
	named engine.Direction // the first move named
	other engine.Direction // the last move named, if any: the move set against the best
	only  bool             // the sentence says "the only move"
}

// number returns submatch i as a number.
func (c claim) number(i int) int {
	n, _ := strconv.Atoi(c.m[i])
	return n
}

// onBest checks f, a fact of the board after a move, "best" being whether
// the move is the AI's: that the first move named is the best, that f
// holds for it, and that it holds for every other legal move if the claim
// is "the only move", else for the move named last.
func (c claim) onBest(f func(b engine.Board, d engine.Direction, best bool) bool) string {
	if c.named != c.r.Best {
		return "the first move named is not the best"
	}
	if !f(c.r.Board, c.r.Best, true) {
		return "not true of the best move"
	}
	for d := range engine.Direction(engine.NumDirections) {
		if d != c.r.Best && c.r.Legal[d] && (c.only || d == c.other) && !f(c.r.Board, d, false) {
			return "not true of " + d.String()
		}
	}
	return ""
}

// checkClaim returns what is wrong with the sentence s as a reason for r,
// "" if nothing.
func checkClaim(r ai.Result, s string) string {
	for _, form := range sentences {
		m := form.form.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		c := claim{r: r, m: m, only: strings.Contains(s, "the only move")}
		c.named, _ = engine.ParseDirection(m[1])
		if form.other > 0 && m[form.other] != "" {
			c.other, _ = engine.ParseDirection(m[form.other])
		}
		if next := nextBest(r); !c.only && c.other != next {
			return "the move set against the best is not the next best, " + next.String()
		}
		return form.check(c)
	}
	return "no sentence of this form"
}

// nextBest returns the legal move of r other than the best that comes
// next: of those that do not lose at once if there are any, the one of
// the highest value, the first among equals.
func nextBest(r ai.Result) engine.Direction {
	var next engine.Direction
	found := false
	for d := range engine.Direction(engine.NumDirections) {
		if d == r.Best || !r.Legal[d] {
			continue
		}
		if !found || deadAfter(r.Board, next) && !deadAfter(r.Board, d) ||
			deadAfter(r.Board, next) == deadAfter(r.Board, d) && r.Value[d] > r.Value[next] {
			next, found = d, true
		}
	}
	return next
}

// deadAfter reports whether every tile that can appear after d on b leaves
// no legal move.
func deadAfter(b engine.Board, d engine.Direction) bool {
	a := after(b, d)
	for _, o := range a.Outcomes() {
		if o.Board.HasMove() {
			return false
		}
	}
	return true
}

// after returns the board d leads to from b, before the new tile.
func after(b engine.Board, d engine.Direction) engine.Board {
	a, _, _ := b.Move(d)
	return a
}

// tiles counts the tiles of value v on b.
func tiles(b engine.Board, v int) int {
	n := 0
	for i := range engine.NumCells {
		if b.Tile(i) == v {
			n++
		}
	}
	return n
}

// largestIn returns the cell of the tile of value v on b, if it is the
// one tile of that value and no tile is larger.
func largestIn(b engine.Board, v int) (cell int, ok bool) {
	if tiles(b, v) != 1 || b.HighestTile() != v {
		return 0, false
	}
	for i := range engine.NumCells {
		if b.Tile(i) == v {
			cell = i
		}
	}
	return cell, true
}

// lineCells returns the cells of the row of cell i, or of its column.
func lineCells(i int, column bool) []int {
	var cells []int
	for j := range engine.NumCells {
		if column && j%4 == i%4 || !column && j/4 == i/4 {
			cells = append(cells, j)
		}
	}
	return cells
}

// filled reports whether every one of cells holds a tile on b.
func filled(b engine.Board, cells []int) bool {
	for _, i := range cells {
		if b.Tile(i) == 0 {
			return false
		}
	}
	return true
}

// isCorner reports whether cell i is a corner of the board.
func isCorner(i int) bool { return i == 0 || i == 3 || i == 12 || i == 15 }

// inCorner reports whether a corner of b holds a tile of value v.
func inCorner(b engine.Board, v int) bool {
	return b.Tile(0) == v || b.Tile(3) == v || b.Tile(12) == v || b.Tile(15) == v
}

// merged counts the tiles of value v that d makes by merges on b.
func merged(b engine.Board, d engine.Direction, v int) int {
	a, made, n := after(b, d), b.Merges(d), 0
	for i := range engine.NumCells {
		if made&(1<<i) != 0 && a.Tile(i) == v {
			n++
		}
	}
	return n
}

// randomValues returns a search of b whose legal moves are worth values
// drawn at random, two of them sometimes equal, so that every move is
// sometimes the best and sometimes the next best.
func randomValues(b engine.Board, rng *rand.Rand) ai.Result {
	r := ai.Result{Board: b}
	first := true
	for d := range engine.Direction(engine.NumDirections) {
		if _, _, r.Legal[d] = b.Move(d); !r.Legal[d] {
			continue
		}
		r.Value[d] = 1e6 * (1 + rng.Float64()/10)
		if rng.IntN(8) == 0 && !first {
			r.Value[d] = r.Value[r.Best]
		}
		if first || r.Value[d] > r.Value[r.Best] {
			r.Best, first = d, false
		}
	}
	return r
}

// TestWhyIsTrue: on boards of games played half by the AI at 1 ply and
// half at random, with the AI's values and with values drawn at random,
// every reason is true of its board, and there is none when the next best
// move is as good as the best (its verdict is best too).
func TestWhyIsTrue(t *testing.T) {
	s := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 1})
	rng := rand.New(rand.NewPCG(2048, 4096))
	kinds := map[explain.Kind]int{}
	games := 200
	if testing.Short() {
		games = 30
	}
	for seed := range games {
		g := engine.NewGame(uint64(seed) + 1)
		for !g.Over() {
			b := g.Board()
			searched, err := s.Search(context.Background(), b, ai.Limits{Depth: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []ai.Result{searched, randomValues(b, rng)} {
				why := explain.Why(r)
				kinds[why.Kind]++
				if next := nextBest(r); review.Rate(r)[next].Verdict == review.Best && why.Kind != explain.None {
					t.Fatalf("Why(%v, %v best, values %v) = %q, but the next best move is worth as much", b, r.Best, r.Value, why)
				}
				if why.Kind == explain.None {
					continue
				}
				if wrong := checkClaim(r, why.String()); wrong != "" {
					t.Fatalf("Why(%v, %v best, values %v) = %q: %s", b, r.Best, r.Value, why, wrong)
				}
			}
			d := searched.Best
			if rng.IntN(2) == 0 {
				legal := b.LegalMoves()
				d = legal[rng.IntN(len(legal))]
			}
			g.Move(d)
		}
	}
	for k := explain.Survives; k <= explain.Space; k++ {
		if kinds[k] == 0 {
			t.Errorf("no reason of kind %d in %d games: the test does not reach it", k, games)
		}
	}
}
