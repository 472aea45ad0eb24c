package ntuple

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

// TestShiftPlay checks that a play file shifted by ShiftPlay values every
// board the shift more (or less) than the file it came from, keeps its
// codes and its counts, and that a shift of 0 changes no byte.
func TestShiftPlay(t *testing.T) {
	_, play, _ := stagedFile(t)
	n, s := readPlayBytes(t, play)
	for _, points := range []float64{47_357.25, -12_345.5, 0.125} {
		shifted, err := ShiftPlay(play, points)
		if err != nil {
			t.Fatalf("ShiftPlay(%g): %v", points, err)
		}
		m, ms := readPlayBytes(t, shifted)
		if ms.Episodes != s.Episodes || ms.Moves != s.Moves || ms.Elapsed != s.Elapsed {
			t.Errorf("shifted by %g: counts of training %+v; want %+v", points, ms, s)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		for range 5_000 {
			b := boardUpTo(rng, 11)
			// Within what float32 sums of some hundred thousand points
			// round to.
			if got, want := m.Evaluate(b), n.Evaluate(b)+points; math.Abs(got-want) > 0.1 {
				t.Fatalf("shifted by %g: %v valued %v, want %v", points, b, got, want)
			}
		}
		if len(shifted) != len(play) || !bytes.Equal(codesOf(t, shifted), codesOf(t, play)) {
			t.Errorf("shifted by %g: the codes are not those of the file shifted", points)
		}
	}
	same, err := ShiftPlay(play, 0)
	if err != nil || !bytes.Equal(same, play) {
		t.Errorf("ShiftPlay(0): %v; want the file as it is", err)
	}
}

// codesOf returns the compressed codes of the play file of one network b,
// and their checksum.
func codesOf(t *testing.T, b []byte) []byte {
	t.Helper()
	_, fields, err := newFileReader(bytes.NewReader(b)).playHeader()
	if err != nil {
		t.Fatal(err)
	}
	return b[20+len(fields):]
}

// TestShiftPlayRefuses checks that ShiftPlay refuses a shift that is not a
// number or takes weights past a float, a play file of stages, and a
// damaged file.
func TestShiftPlayRefuses(t *testing.T) {
	path, play, _ := stagedFile(t)
	both, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damaged := bytes.Clone(play)
	damaged[len(damaged)-100] ^= 1
	for _, c := range []struct {
		play   []byte
		points float64
		want   string
	}{
		{play, math.NaN(), "a shift of NaN points"},
		{play, math.Inf(1), "a shift of +Inf points"},
		{play, 1e40, "past the range of a float"},
		{both, 100, "a play file of stages: shift each stage's play file"},
		{damaged, 100, "damaged"},
		{play[:len(play)/2], 100, "truncated: the file ends in the weights"},
		{[]byte("2048weights 2048weights"), 100, "not a play file"},
	} {
		_, err := ShiftPlay(c.play, c.points)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ShiftPlay(%d bytes, %g): %v; want %q", len(c.play), c.points, err, c.want)
		}
	}
}

// TestMeasureSeam checks that MeasureSeam finds the gap between two stages
// where one is the other shifted, whatever the number of workers, and
// that shifting a real pair's second stage by the gap it measures closes
// the seam.
func TestMeasureSeam(t *testing.T) {
	_, first, second := stagedFile(t)
	f, _ := readPlayBytes(t, first)
	lower, err := ShiftPlay(first, -500)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := readPlayBytes(t, lower)
	n := stagedOf(t, f, l)
	const boards = 300
	var seams []Seam
	for _, workers := range []int{1, 3} {
		s, err := MeasureSeam(context.Background(), n, 1, boards, 5, workers)
		if err != nil {
			t.Fatal(err)
		}
		if s.Tile != stagedTile || s.Boards != boards || s.Games < boards || s.Afterstates < boards || s.Afterstates > 4*boards {
			t.Fatalf("MeasureSeam on %d workers: %+v; want %d boards holding %d, and up to 4 afterstates each", workers, s, boards, stagedTile)
		}
		if math.Abs(s.Gap()-500) > 0.01 || s.Before <= 0 {
			t.Errorf("MeasureSeam of a stage lowered by 500: %+v, gap %v; want 500", s, s.Gap())
		}
		seams = append(seams, s)
	}
	if seams[0] != seams[1] {
		t.Errorf("MeasureSeam on 1 and 3 workers: %+v and %+v; want the same games", seams[0], seams[1])
	}

	s2, _ := readPlayBytes(t, second)
	pair, err := MeasureSeam(context.Background(), stagedOf(t, f, s2), 1, boards, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	met, err := ShiftPlay(second, pair.Gap())
	if err != nil {
		t.Fatal(err)
	}
	m, _ := readPlayBytes(t, met)
	after, err := MeasureSeam(context.Background(), stagedOf(t, f, m), 1, boards, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(after.Gap()) > 0.5 || after.Before != pair.Before {
		t.Errorf("the second stage shifted by the gap %v: %+v; want the stages to meet", pair.Gap(), after)
	}
}

// TestMeasureSeamOn checks that MeasureSeamOn measures the stages with
// their shifts, on the boards given, and refuses a board where the later
// stage does not take over.
func TestMeasureSeamOn(t *testing.T) {
	_, first, second := stagedFile(t)
	f, _ := readPlayBytes(t, first)
	s, _ := readPlayBytes(t, second)
	n := stagedOf(t, f, s)
	boards, games, err := FirstBoards(context.Background(), f, stagedTile, 200, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := MeasureSeam(context.Background(), n, 1, 200, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	on, err := MeasureSeamOn(n, 1, boards)
	if err != nil {
		t.Fatal(err)
	}
	if on.Games != 0 || plain.Games != games {
		t.Errorf("games played: %d by MeasureSeamOn, %d by MeasureSeam; want 0 and FirstBoards's %d", on.Games, plain.Games, games)
	}
	on.Games = games
	if on != plain {
		t.Errorf("MeasureSeamOn of MeasureSeam's boards: %+v; want %+v", on, plain)
	}

	met, err := Staged([]Stage{{Net: f, Shift: 100}, {Net: s, Tile: stagedTile, Shift: plain.Gap() + 100}})
	if err != nil {
		t.Fatal(err)
	}
	after, err := MeasureSeamOn(met, 1, boards)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(after.Gap()) > 0.5 || math.Abs(after.Before-plain.Before-100) > 0.5 {
		t.Errorf("the stages shifted to meet: %+v; want them to meet %v points above %v", after, 100, plain.Before)
	}

	bad := slices.Clone(boards)
	bad[7] = engine.Board(0x1234) // no tile of 256 or more
	if _, err := MeasureSeamOn(n, 1, bad); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("board 8 of 200 holds no %d", stagedTile)) {
		t.Errorf("MeasureSeamOn of a board without the tile: %v; want it refused", err)
	}
	if _, err := MeasureSeamOn(f, 1, boards); err == nil || !strings.Contains(err.Error(), "a network of one stage") {
		t.Errorf("MeasureSeamOn of one network: %v; want it refused", err)
	}
}

// stagedOf returns the network of two stages, first and from stagedTile
// second.
func stagedOf(t *testing.T, first, second *Network) *Network {
	t.Helper()
	n, err := Staged([]Stage{{Net: first}, {Net: second, Tile: stagedTile}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMeasureSeamRefuses checks that MeasureSeam wants a stage that has one
// before it, and stops when its context is done.
func TestMeasureSeamRefuses(t *testing.T) {
	_, first, _ := stagedFile(t)
	f, _ := readPlayBytes(t, first)
	n := stagedOf(t, f, f)
	for _, c := range []struct {
		net   *Network
		stage int
		want  string
	}{
		{n, 0, "stage 0 of a network of 2: want a stage from 1 to 1"},
		{n, 2, "stage 2 of a network of 2"},
		{f, 1, "a network of one stage: no stage meets another"},
	} {
		if _, err := MeasureSeam(context.Background(), c.net, c.stage, 10, 1, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("MeasureSeam of stage %d: %v; want %q", c.stage, err, c.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MeasureSeam(ctx, n, 1, 10, 1, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("MeasureSeam with its context done: %v; want context.Canceled", err)
	}
}
