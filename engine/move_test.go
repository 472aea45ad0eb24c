package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/tables"

	"github.com/term2048/2048/engine"
)

// checkMove compares every move of b with the naive game.
func checkMove(t *testing.T, b engine.Board) {
	t.Helper()
	g := toGrid(b)
	succ := b.Next()
	u, dn, l, r, ut, dt, lt, rt := b.SuccessorsT()
	if [4]engine.Board{u, dn, l, r} != succ || [4]engine.Board{ut, dt, lt, rt} != [4]engine.Board{u.Transpose(), dn.Transpose(), l.Transpose(), r.Transpose()} {
		t.Fatalf("%#016x.SuccessorsT() disagrees with Next and Transpose", uint64(b))
	}
	for d := range engine.Direction(engine.NumDirections) {
		wantGrid, wantPoints, wantMerged := g.move(d)
		want := fromGrid(wantGrid)
		got, points, moved := b.Move(d)
		if got != want || int(points) != wantPoints || moved != (want != b) {
			t.Fatalf("%#016x.Move(%v) = %#016x, %d, %v; want %#016x, %d, %v",
				uint64(b), d, uint64(got), points, moved, uint64(want), wantPoints, want != b)
		}
		if b.Slide(d) != want {
			t.Fatalf("%#016x.Slide(%v) = %#016x; want %#016x", uint64(b), d, uint64(b.Slide(d)), uint64(want))
		}
		if succ[d] != want {
			t.Fatalf("%#016x.Next()[%v] = %#016x; want %#016x", uint64(b), d, uint64(succ[d]), uint64(want))
		}
		if b.CanMove(d) != (want != b) {
			t.Fatalf("%#016x.CanMove(%v) = %v; want %v", uint64(b), d, b.CanMove(d), want != b)
		}
		checkPaths(t, b, d, want)
		merges := b.Merges(d)
		for i := range engine.NumCells {
			if m := merges&(1<<i) != 0; m != wantMerged[i/4][i%4] {
				t.Fatalf("%#016x.Merges(%v) = %016b: cell %d is %v; want %v", uint64(b), d, merges, i, m, !m)
			}
		}
	}
}

// TestMoveEveryLine puts each of the 65536 lines in a row of a board whose
// other cells are random (line i in row i%4), and in the matching column of
// its transpose, and checks all four moves of both.
func TestMoveEveryLine(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range tables.NumLines {
		l := engine.Board(i)
		k := uint(i % 4)
		filler := randomBoard(r, r.IntN(17))
		row := filler&^(0xFFFF<<(48-16*k)) | l<<(48-16*k)
		checkMove(t, row)
		checkMove(t, row.Transpose())
	}
}

func TestMoveRandomBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for range 100_000 {
		checkMove(t, randomBoard(r, r.IntN(17)))
	}
}

// randomBoard returns a board with n random non-empty cells of rank 1 to 15,
// biased toward small ranks so that merges are frequent.
func randomBoard(r *rand.Rand, n int) engine.Board {
	var b engine.Board
	for _, i := range r.Perm(engine.NumCells)[:n] {
		rank := uint8(1 + r.IntN(4))
		if r.IntN(4) == 0 {
			rank = uint8(1 + r.IntN(engine.MaxRank))
		}
		b = b.With(i, rank)
	}
	return b
}

func FuzzMove(f *testing.F) {
	f.Add(uint64(0x1122_0000_0000_0000), uint8(engine.Left))
	f.Add(uint64(0xFF00_EE00_0000_1111), uint8(engine.Up))
	f.Add(uint64(0x1234_5678_9ABC_DEF1), uint8(engine.Down))
	f.Fuzz(func(t *testing.T, x uint64, d uint8) {
		b := engine.Board(x)
		checkMove(t, b) // every move against the naive game
		if toGrid(b).sum() != toGrid(b.Next()[d%engine.NumDirections]).sum() {
			t.Fatalf("%#016x: a move changed the sum of the tiles", x)
		}
	})
}

// TestMoveSymmetry checks that each move is another seen in a mirror.
func TestMoveSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	mirror := func(b engine.Board) engine.Board { // left ↔ right
		var m engine.Board
		for i := range engine.NumCells {
			m = m.With(i, b.Cell(i-i%4+3-i%4))
		}
		return m
	}
	for range 20_000 {
		b := randomBoard(r, r.IntN(17))
		s := b.Next()
		t1 := b.Transpose().Next()
		m := mirror(b).Next()
		if s[engine.Right] != mirror(m[engine.Left]) || s[engine.Left] != mirror(m[engine.Right]) {
			t.Fatalf("%v: left and right are not mirror images", b)
		}
		if s[engine.Up] != t1[engine.Left].Transpose() || s[engine.Down] != t1[engine.Right].Transpose() {
			t.Fatalf("%v: up and down are not left and right transposed", b)
		}
		if toGrid(b).sum() != toGrid(s[engine.Up]).sum() || toGrid(b).sum() != toGrid(s[engine.Right]).sum() {
			t.Fatalf("%v: a move changed the sum of the tiles", b)
		}
	}
}

func TestTranspose(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for range 10_000 {
		b := engine.Board(r.Uint64())
		if got, want := b.Transpose(), fromGrid(toGrid(b).transpose()); got != want {
			t.Fatalf("%#016x.Transpose() = %#016x; want %#016x", uint64(b), uint64(got), uint64(want))
		}
		if b.Transpose().Transpose() != b {
			t.Fatalf("%#016x: transposing twice is not the identity", uint64(b))
		}
	}
}

func TestBoardQueries(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 10_000 {
		b := engine.Board(r.Uint64())
		if r.IntN(2) == 0 {
			b = randomBoard(r, r.IntN(17))
		}
		empty, maxRank, seen := 0, uint8(0), map[uint8]bool{}
		var emptyBits uint64
		for i := range engine.NumCells {
			v := b.Cell(i)
			if v == 0 {
				empty++
				emptyBits |= uint64(engine.Board(0).With(i, 1)) // a 2 in cell i alone
				continue
			}
			maxRank = max(maxRank, v)
			seen[v] = true
		}
		if b.CountEmpty() != empty || b.EmptyBits() != emptyBits {
			t.Fatalf("%v: CountEmpty %d, EmptyBits %#x; want %d, %#x", b, b.CountEmpty(), b.EmptyBits(), empty, emptyBits)
		}
		if b.HighestRank() != maxRank || b.DistinctTiles() != len(seen) {
			t.Fatalf("%v: MaxRank %d, DistinctTiles %d; want %d, %d", b, b.HighestRank(), b.DistinctTiles(), maxRank, len(seen))
		}
		if engine.FromRanks(b.Ranks()) != b {
			t.Fatalf("FromRanks(%v.Ranks()) is not the board", b)
		}
		for k := range 4 {
			var want [4]uint8
			for j := range 4 {
				want[j] = b.Cell(4*j + k)
			}
			if got := b.Col(k).Cells(); got != want {
				t.Fatalf("%v.Col(%d) = %v; want %v", b, k, got, want)
			}
		}
	}
}

func TestHasMove(t *testing.T) {
	tests := []struct {
		board string
		want  bool
	}{
		{"2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2", false}, // full, no neighbours equal
		{"2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 4", true},  // full, a merge in the last row
		{"2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 4 2 4 8", true},  // full, a merge in the last column
		{"2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 0", true},  // one empty cell
		{"32768 32768 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2", false},
	}
	for _, tt := range tests {
		b, err := engine.Parse(tt.board)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.HasMove(); got != tt.want {
			t.Errorf("Parse(%q).HasMove() = %v; want %v", tt.board, got, tt.want)
		}
		if got := len(b.LegalMoves()) > 0; got != tt.want {
			t.Errorf("Parse(%q).LegalMoves() = %v", tt.board, b.LegalMoves())
		}
	}
}

// TestTheCap checks the documented behaviour at 32768: two such tiles do not
// merge, and everything else still does.
func TestTheCap(t *testing.T) {
	b, _ := engine.Parse("32768 32768 16384 16384 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	next, points, moved := b.Move(engine.Left)
	want, _ := engine.Parse("32768 32768 32768 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0")
	if next != want || points != 32768 || !moved {
		t.Errorf("%v.Move(Left) = %v, %d, %v; want %v, 32768, true", b, next, points, moved, want)
	}
	if _, _, moved := want.Move(engine.Left); moved {
		t.Errorf("%v.Move(Left) moved: two 32768 tiles merged", want)
	}
}

func TestDirection(t *testing.T) {
	for d := range engine.Direction(engine.NumDirections) {
		for _, s := range []string{d.String(), string(d.Letter()), string(d.Letter() | 0x20)} {
			if got, err := engine.ParseDirection(s); got != d || err != nil {
				t.Errorf("ParseDirection(%q) = %v, %v; want %v", s, got, err, d)
			}
		}
	}
	if _, err := engine.ParseDirection("sideways"); err == nil {
		t.Error(`ParseDirection("sideways") succeeded`)
	}
	if s := engine.Direction(7).String(); s != "Direction(7)" {
		t.Errorf("Direction(7).String() = %q", s)
	}
}
