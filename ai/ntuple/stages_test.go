package ntuple

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

// TestHoldsRank compares holdsRank with the highest rank of the board, on
// every board of one tile, every board of a rank in every cell, and random
// boards.
func TestHoldsRank(t *testing.T) {
	check := func(b engine.Board) {
		t.Helper()
		for r := uint8(1); r < 16; r++ {
			if got, want := holdsRank(b, r), b.HighestRank() >= r; got != want {
				t.Fatalf("holdsRank(%#016x, %d) = %v, want %v", uint64(b), r, got, want)
			}
		}
	}
	for cell := range engine.NumCells {
		for rank := range uint8(16) {
			check(engine.Board(0).With(cell, rank))
			var full engine.Board
			for i := range engine.NumCells {
				full = full.With(i, rank)
			}
			check(full.With(cell, 15-rank))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		b := engine.Board(rng.Uint64())
		// Boards of small ranks, as games are, not only random nibbles.
		check(b & 0x7777_7777_7777_7777)
		check(b)
	}
}

// boardUpTo returns a board whose cells hold ranks from 0 to top, drawn
// from r.
func boardUpTo(r *rand.Rand, top int) engine.Board {
	var b engine.Board
	for i := range engine.NumCells {
		b = b.With(i, uint8(r.IntN(top+1)))
	}
	return b
}

// TestStagedValues checks that a network of two stages values a board by
// its first stage until the board holds the second stage's tile, and by the
// second from then on.
func TestStagedValues(t *testing.T) {
	first, _ := readNetworkFile(t, savedFile(t, false))
	second, err := New(FourBySix, 5000)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(second.Release)
	n, err := Staged([]Stage{{Net: first}, {Net: second, Tile: 256}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var early, late int
	for range 20_000 {
		b := boardUpTo(rng, 8)
		want := first.Evaluate(b)
		if b.HighestTile() >= 256 {
			want, late = second.Evaluate(b), late+1
		} else {
			early++
		}
		if got := n.Evaluate(b); got != want {
			t.Fatalf("%v: valued %v, want %v", b, got, want)
		}
	}
	if early == 0 || late == 0 {
		t.Fatalf("%d boards of the first stage, %d of the second: want some of each", early, late)
	}
	got := n.Stages()
	if len(got) != 2 || got[0] != (Stage{Net: first}) || got[1] != (Stage{Net: second, Tile: 256}) {
		t.Errorf("Stages() = %v, want the two stages given", got)
	}
	if s := first.Stages(); len(s) != 1 || s[0].Net != first || s[0].Tile != 0 {
		t.Errorf("Stages() of a network of one stage = %v, want itself from tile 0", s)
	}
	if n.Design() != first.Design() || n.InitialValue() != first.InitialValue() {
		t.Errorf("the network of stages has design %v and initial value %v, want its first stage's", n.Design(), n.InitialValue())
	}
	if b := FourBySix.Bytes(); first.Bytes() != b || n.Bytes() != 2*b {
		t.Errorf("Bytes() = %d for a network, %d for two stages; want %d and %d", first.Bytes(), n.Bytes(), b, 2*b)
	}
}

// TestStagedShifts checks that a stage's shift is added to every value of
// its stage and of no other.
func TestStagedShifts(t *testing.T) {
	// Both files are written before either is read: writing the second
	// trains a network with coherence tables, 768 MiB mapped.
	firstPath, secondPath := savedFile(t, false), savedFile(t, true)
	first, _ := readNetworkFile(t, firstPath)
	second, _ := readNetworkFile(t, secondPath)
	plain, err := Staged([]Stage{{Net: first}, {Net: second, Tile: 256}})
	if err != nil {
		t.Fatal(err)
	}
	stages := []Stage{{Net: first, Shift: -12.5}, {Net: second, Tile: 256, Shift: 4000.1}}
	shifted, err := Staged(stages)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20_000 {
		b := boardUpTo(rng, 8)
		shift := -12.5
		if b.HighestTile() >= 256 {
			shift = 4000.1
		}
		// A value is a float32: a shift of 4,000 rounds it to 1/2048 of a
		// point or so.
		if got, want := shifted.Evaluate(b), plain.Evaluate(b)+shift; math.Abs(got-want) > 0.01 {
			t.Fatalf("%v: valued %v shifted, %v not; want %v more", b, got, plain.Evaluate(b), shift)
		}
	}
	if got := shifted.Stages(); !slices.Equal(got, stages) {
		t.Errorf("Stages() = %v, want the stages given, with their shifts", got)
	}
}

// TestStagedRefuses checks the stages Staged refuses, and that a network of
// stages is neither trained, nor saved, nor copied as one network.
func TestStagedRefuses(t *testing.T) {
	aPath, bPath := savedFile(t, false), savedFile(t, true) // see TestStagedShifts
	a, _ := readNetworkFile(t, aPath)
	b, _ := readNetworkFile(t, bPath)
	staged, err := Staged([]Stage{{Net: a}, {Net: b, Tile: 16384}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stages []Stage
		want   string
	}{
		{nil, "0 stages"},
		{[]Stage{{Net: a}}, "1 stages"},
		{[]Stage{{Net: a}, {Net: b, Tile: 64}, {Net: a, Tile: 128}, {Net: b, Tile: 256}, {Net: a, Tile: 512}}, "5 stages"},
		{[]Stage{{Net: a, Tile: 2}, {Net: b, Tile: 64}}, "the first stage values boards from tile 2"},
		{[]Stage{{Net: a}, {Net: b, Tile: 2}}, "stage 2 begins at 2"},
		{[]Stage{{Net: a}, {Net: b, Tile: 100}}, "stage 2 begins at 100"},
		{[]Stage{{Net: a}, {Net: b, Tile: 65536}}, "stage 2 begins at 65536"},
		{[]Stage{{Net: a}, {Net: b, Tile: 256}, {Net: a, Tile: 256}}, "stage 3 begins at 256, no later than stage 2"},
		{[]Stage{{Net: a}, {Net: staged, Tile: 256}}, "stage 2 has stages of its own"},
		{[]Stage{{Net: a}, {Net: b, Tile: 256, Shift: math.NaN()}}, "stage 2 is shifted by NaN points"},
		{[]Stage{{Net: a, Shift: math.Inf(-1)}, {Net: b, Tile: 256}}, "stage 1 is shifted by -Inf points"},
		{[]Stage{{Net: a}, {Net: b, Tile: 256, Shift: 2e8}}, "stage 2 is shifted by 2e+08 points: want a shift within 1e+08"},
	} {
		if _, err := Staged(c.stages); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Staged(%v): %v, want an error saying %q", c.stages, err, c.want)
		}
	}
	if _, err := NewTrainer(&Checkpoint{Net: staged}, 1); !errors.Is(err, ErrStaged) {
		t.Errorf("NewTrainer of a network of stages: %v, want ErrStaged", err)
	}
	if _, err := (&Checkpoint{Net: staged}).WriteTo(io.Discard); !errors.Is(err, ErrStaged) {
		t.Errorf("WriteTo of a network of stages: %v, want ErrStaged", err)
	}
	if _, err := (&Checkpoint{Net: staged}).WritePlay(io.Discard, 0, DefaultTiers()); !errors.Is(err, ErrStaged) {
		t.Errorf("WritePlay of a network of stages: %v, want ErrStaged", err)
	}
	if _, err := staged.Copy(); !errors.Is(err, ErrStaged) {
		t.Errorf("Copy of a network of stages: %v, want ErrStaged", err)
	}
}

// TestCopy checks that a copy of a network values boards as it does: a
// network of weights bit for bit, one of a play file's codes within the
// rounding of a sum of 32 weights.
func TestCopy(t *testing.T) {
	n, s := readNetworkFile(t, savedFile(t, false))
	c, err := n.Copy()
	if err != nil {
		t.Fatal(err)
	}
	if !sameWeights(n, c) {
		t.Error("the copy of a network of weights has other weights")
	}
	c.Release()
	var b bytes.Buffer
	if _, err := (&Checkpoint{Net: n, State: s}).WritePlay(&b, 0, DefaultTiers()); err != nil {
		t.Fatal(err)
	}
	n.Release() // written: the play file's network and its copy are checked alone
	q, _, err := ReadNetwork(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	qc, err := q.Copy()
	if err != nil {
		t.Fatal(err)
	}
	defer qc.Release()
	if qc.quantized != nil || qc.weights == nil {
		t.Fatal("the copy of a play file's network has no weights of its own")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 10_000 {
		b := boardUpTo(rng, 11)
		want, got := q.Evaluate(b), qc.Evaluate(b)
		if math.Abs(got-want) > 1e-5*math.Max(1, math.Abs(want)) {
			t.Fatalf("%v: the copy values it %v, the play file's network %v", b, got, want)
		}
	}
}
