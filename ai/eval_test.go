package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tables"
)

func TestDefaultLine(t *testing.T) {
	p := math.Pow
	tests := []struct {
		ranks [4]uint8
		want  float64
	}{
		// 4 empty cells, nothing else.
		{[4]uint8{0, 0, 0, 0}, 200000 + 270*4},
		// 2 empty, a run of two equal (2 merges), falls once by 1^4, sum 2·1^3.5.
		{[4]uint8{1, 1, 0, 0}, 200000 + 270*2 + 700*2 - 47*0 - 11*2},
		// 1 empty; no run; falls 2→1 (15) and 2→0 (16), rises 1→2 (15).
		{[4]uint8{2, 1, 2, 0}, 200000 + 270 - 47*15 - 11*(2*p(2, 3.5)+1)},
		// Runs are counted across empty cells: 1 . 1 1 is a run of three.
		{[4]uint8{1, 0, 1, 1}, 200000 + 270 + 700*3 - 47*1 - 11*3},
		// Two runs: 3 3 5 5 adds 2 + 2; rises only.
		{[4]uint8{3, 3, 5, 5}, 200000 + 700*4 - 47*0 - 11*(2*p(3, 3.5)+2*p(5, 3.5))},
		// A run broken by another rank does not count: 2 3 2.
		{[4]uint8{2, 3, 2, 9}, 200000 - 47*(p(3, 4)-p(2, 4)) - 11*(2*p(2, 3.5)+p(3, 3.5)+p(9, 3.5))},
	}
	for _, tt := range tests {
		got := defaultLine(tables.LineOf(tt.ranks))
		if math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("defaultLine(%v) = %f; want %f", tt.ranks, got, tt.want)
		}
	}
	// Reversing a line does not change its value.
	for i := range tables.NumLines {
		l := tables.Line(i)
		if math.Abs(defaultLine(l)-defaultLine(l.Reverse())) > 1e-6 {
			t.Fatalf("defaultLine(%v) differs from its reverse", l.Cells())
		}
	}
}

func randomBoards(n int) []engine.Board {
	r := rand.New(rand.NewPCG(11, 11))
	out := make([]engine.Board, n)
	for i := range out {
		var b engine.Board
		for c := range engine.NumCells {
			if r.IntN(3) > 0 {
				b = b.With(c, uint8(1+r.IntN(12)))
			}
		}
		out[i] = b
	}
	return out
}

func close32(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(math.Abs(a), math.Abs(b))+1e-9 }

// cells returns the tile values of b as a grid.
func cells(b engine.Board) (g [4][4]float64) {
	for i := range engine.NumCells {
		g[i/4][i%4] = float64(b.Tile(i))
	}
	return g
}

func TestLinesMatchesDirectSum(t *testing.T) {
	e := NneonneoHeuristic()
	for _, b := range randomBoards(2000) {
		want := 0.0
		for k := range 4 {
			want += defaultLine(b.Row(k)) + defaultLine(b.Col(k))
		}
		// Eight float32 terms near 200000 each: an error of a few ulps (1/64).
		if got := e.Evaluate(b); math.Abs(got-want) > 0.5 {
			t.Fatalf("NneonneoHeuristic().Evaluate(%v) = %f; want %f", b, got, want)
		}
	}
}

// symmetries returns the 8 images of b under the symmetries of the square.
func symmetries(b engine.Board) [8]engine.Board {
	mirror := func(x engine.Board) engine.Board {
		var m engine.Board
		for i := range engine.NumCells {
			m = m.With(i, x.Cell(i-i%4+3-i%4))
		}
		return m
	}
	var out [8]engine.Board
	x := b
	for i := range 4 {
		x = mirror(x.Transpose()) // a quarter turn
		out[2*i], out[2*i+1] = x, mirror(x)
	}
	return out
}

func TestEvaluatorsAreSymmetric(t *testing.T) {
	for _, info := range Evaluators() {
		e := info.New()
		for _, b := range randomBoards(300) {
			v := e.Evaluate(b)
			for _, s := range symmetries(b) {
				if w := e.Evaluate(s); !close32(v, w) {
					t.Fatalf("%s: %v is worth %f, its image %v %f", info.Name, b, v, s, w)
				}
			}
		}
	}
}

func TestSnake(t *testing.T) {
	// The 8 serpentine paths, built cell by cell.
	var paths [][16][2]int
	for _, corner := range [][2]int{{0, 0}, {0, 3}, {3, 0}, {3, 3}} {
		for _, byRow := range []bool{true, false} {
			var p [16][2]int
			for k := range 16 {
				line, pos := k/4, k%4
				if line%2 == 1 {
					pos = 3 - pos // turn at the edge
				}
				r, c := line, pos
				if !byRow {
					r, c = pos, line
				}
				if corner[0] == 3 {
					r = 3 - r
				}
				if corner[1] == 3 {
					c = 3 - c
				}
				p[k] = [2]int{r, c}
			}
			paths = append(paths, p)
		}
	}
	e := Snake()
	for _, b := range randomBoards(2000) {
		g := cells(b)
		want := 0.0
		for _, p := range paths {
			v := 0.0
			for k, rc := range p {
				v += g[rc[0]][rc[1]] * 100000 / math.Pow(2, float64(k))
			}
			want = max(want, v)
		}
		if got := e.Evaluate(b); !close32(got, want) {
			t.Fatalf("Snake().Evaluate(%v) = %f; want %f", b, got, want)
		}
	}
}

func TestMatrix(t *testing.T) {
	e := Matrix()
	for _, b := range randomBoards(2000) {
		want := 0.0
		for _, s := range symmetries(b) { // W on each image of b is b on each image of W
			g := cells(s)
			v := 0.0
			for r := range 4 {
				for c := range 4 {
					v += matrixWeights[r][c] * g[r][c]
				}
			}
			want = max(want, v)
		}
		if got := e.Evaluate(b); !close32(got, want) {
			t.Fatalf("Matrix().Evaluate(%v) = %f; want %f", b, got, want)
		}
	}
}

func TestMultiMetric(t *testing.T) {
	e := MultiMetric()
	for _, b := range randomBoards(2000) {
		var rank [4][4]float64
		g := cells(b)
		for i := range engine.NumCells {
			rank[i/4][i%4] = float64(b.Cell(i))
		}
		want := 4.0 * multiBase
		line := func(get func(j int) float64) {
			var rise, fall, rough float64
			for j := 1; j < 4; j++ {
				d := get(j) - get(j-1)
				rise, fall = rise+max(d, 0), fall+max(-d, 0)
				if get(j) != 0 && get(j-1) != 0 {
					rough += math.Abs(d)
				}
			}
			want += -multiMono*min(rise, fall) - multiSmooth*rough
		}
		top := 0.0
		for k := range 4 {
			line(func(j int) float64 { return rank[k][j] })
			line(func(j int) float64 { return rank[j][k] })
			for j := range 4 {
				if g[k][j] == 0 {
					want += multiEmpty
				}
				want += multiSumSquares * g[k][j] * g[k][j]
				top = max(top, rank[k][j])
			}
		}
		if top == rank[0][0] || top == rank[0][3] || top == rank[3][0] || top == rank[3][3] {
			want += multiCorner * top
		}
		if got := e.Evaluate(b); math.Abs(got-want) > 1e-3 {
			t.Fatalf("MultiMetric().Evaluate(%v) = %f; want %f", b, got, want)
		}
		if e.Evaluate(b) <= e.Lost() {
			t.Fatalf("MultiMetric: live board %v is worth no more than a lost one", b)
		}
	}
}

func TestNewEvaluator(t *testing.T) {
	for _, info := range Evaluators() {
		e, err := NewEvaluator(info.Name)
		if err != nil || e == nil {
			t.Errorf("NewEvaluator(%q) = %v, %v", info.Name, e, err)
		}
	}
	if _, err := NewEvaluator("oracle"); err == nil {
		t.Error(`NewEvaluator("oracle") succeeded`)
	}
}
