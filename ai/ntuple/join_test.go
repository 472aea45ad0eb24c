package ntuple

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

// playableOf reads the play file b as a Playable.
func playableOf(t *testing.T, b []byte) *Playable {
	t.Helper()
	p, err := ReadPlayable(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestJoinStages checks that JoinStages gives the first stage's play file
// as it is and the second's shifted as asked, or by the gap it measures,
// and that a context done before the measure is a SeamError.
func TestJoinStages(t *testing.T) {
	_, first, second := stagedFile(t)
	zero, hundred := 0.0, 100.0
	shifted, err := ShiftPlay(second, hundred)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		shift *float64
		want  []byte
	}{{&zero, second}, {&hundred, shifted}} {
		stages, seam, err := JoinStages(context.Background(), playableOf(t, first), playableOf(t, second), stagedTile, Join{Shift: c.shift, Workers: 2})
		if err != nil {
			t.Fatalf("JoinStages(shift %g): %v", *c.shift, err)
		}
		if len(stages) != 2 || !bytes.Equal(stages[0].Play, first) || stages[0].Tile != 0 ||
			!bytes.Equal(stages[1].Play, c.want) || stages[1].Tile != stagedTile || seam != nil {
			t.Errorf("JoinStages(shift %g): %d stages, seam %v; want the first as it is, the second shifted, from %d", *c.shift, len(stages), seam, stagedTile)
		}
	}

	measuring := false
	stages, seam, err := JoinStages(context.Background(), playableOf(t, first), playableOf(t, second), stagedTile,
		Join{Workers: 2, Measuring: func() { measuring = true }})
	if err != nil {
		t.Fatal(err)
	}
	if !measuring || seam == nil || seam.Boards != SeamBoards || seam.Tile != stagedTile {
		t.Fatalf("JoinStages without a shift: told of the measure %v, seam %+v; want %d boards holding %d", measuring, seam, SeamBoards, stagedTile)
	}
	met, err := ShiftPlay(second, seam.Gap())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stages[1].Play, met) {
		t.Error("JoinStages without a shift: the second stage is not shifted by the gap it measured")
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var seamErr *SeamError
	if _, _, err := JoinStages(ctx, playableOf(t, first), playableOf(t, second), stagedTile, Join{Workers: 1}); !errors.As(err, &seamErr) || !errors.Is(err, context.Canceled) {
		t.Errorf("JoinStages with a context done: %v; want a SeamError of context.Canceled", err)
	}
}
