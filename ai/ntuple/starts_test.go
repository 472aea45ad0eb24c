package ntuple

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

// TestFirstBoards checks that FirstBoards returns, in the order of the
// games and whatever the workers, boards whose highest tile is the tile
// asked for: the first board of a game that holds it holds nothing higher.
func TestFirstBoards(t *testing.T) {
	net, _ := readNetworkFile(t, savedFile(t, false))
	const tile, n = 128, 40
	boards, games, err := FirstBoards(context.Background(), net, tile, n, 9, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(boards) != n || games < n {
		t.Fatalf("%d boards from %d games; want %d from at least as many", len(boards), games, n)
	}
	for _, b := range boards {
		if b.HighestTile() != tile || !b.HasMove() {
			t.Fatalf("a board of highest tile %d (a move: %v); want %d, a move left", b.HighestTile(), b.HasMove(), tile)
		}
	}
	again, againGames, err := FirstBoards(context.Background(), net, tile, n, 9, 3)
	if err != nil || !slices.Equal(again, boards) || againGames != games {
		t.Errorf("on 3 workers: %d boards from %d games (%v), the same: %v; want those of one worker", len(again), againGames, err, slices.Equal(again, boards))
	}
	other, _, err := FirstBoards(context.Background(), net, tile, n, 10, 2)
	if err != nil || slices.Equal(other, boards) {
		t.Errorf("another seed: %v, the same boards: %v; want other games", err, slices.Equal(other, boards))
	}
}

// TestFirstBoardsRefuses checks that FirstBoards gives up on a tile the
// network does not reach, and refuses what is not a tile, or no boards.
func TestFirstBoardsRefuses(t *testing.T) {
	net, _ := readNetworkFile(t, savedFile(t, false))
	if _, games, err := FirstBoards(context.Background(), net, 32768, 10, 1, 2); err == nil || !strings.Contains(err.Error(), "too few") || games < 1000 {
		t.Errorf("a tile never reached: %v after %d games; want to give up after 1,000 games", err, games)
	}
	for _, c := range []struct{ tile, n int }{{0, 10}, {3, 10}, {65536, 10}, {64, 0}} {
		if _, _, err := FirstBoards(context.Background(), net, c.tile, c.n, 1, 1); err == nil {
			t.Errorf("tile %d, %d boards: no error", c.tile, c.n)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := FirstBoards(ctx, net, 64, 10, 1, 2); err != context.Canceled {
		t.Errorf("a context done: %v; want context.Canceled", err)
	}
}

// TestStarts checks that a trainer given starts plays every game from one
// of them, and refuses a start with no move.
func TestStarts(t *testing.T) {
	net, _ := readNetworkFile(t, savedFile(t, false))
	starts, _, err := FirstBoards(context.Background(), net, 256, 8, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	tr := newTestTrainer(t, 2, nil)
	if err := tr.SetStarts(starts); err != nil {
		t.Fatal(err)
	}
	s := run(t, tr, 20)
	if s.Episodes != 20 || s.Reached(256) != 1 {
		t.Errorf("%d games, %v of them reached 256; want 20 games, every one from a board that holds it", s.Episodes, s.Reached(256))
	}
	full := engine.Board(0x1212_2121_1212_2121)
	if err := tr.SetStarts([]engine.Board{starts[0], full}); err == nil {
		t.Error("a start with no move: no error")
	}
}

// TestStageTileSaved checks that the weights file of a second stage keeps
// its tile, in a file of version 2, while that of a network of every board
// stays of version 1; and that a stage's tile out of range is refused on
// the way in and out.
func TestStageTileSaved(t *testing.T) {
	n, s := readNetworkFile(t, savedFile(t, false))
	for _, tile := range []int{0, 16384} {
		s.StageTile = tile
		c, start, err := writeAndRead(&Checkpoint{Net: n, State: s})
		if err != nil {
			t.Fatalf("stage tile %d: %v", tile, err)
		}
		version, want := start[8], byte(fileVersion)
		if tile != 0 {
			want = stageFileVersion
		}
		if version != want {
			t.Errorf("stage tile %d: a file of version %d, want %d", tile, version, want)
		}
		if c.State.StageTile != tile {
			t.Errorf("stage tile %d read back as %d", tile, c.State.StageTile)
		}
		c.Release()
	}
	for _, tile := range []int{2, 3, 65536, -4} {
		s.StageTile = tile
		if _, err := (&Checkpoint{Net: n, State: s}).WriteTo(&bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "want a tile") {
			t.Errorf("stage tile %d written: %v; want it refused", tile, err)
		}
	}
	s.StageTile = 16384
	h := (&Checkpoint{Net: n, State: s}).header()
	for _, c := range []struct {
		h    []byte
		want string
	}{
		{append(bytes.Clone(h[:len(h)-1]), 1), "a stage from tile rank 1"},
		{append(bytes.Clone(h[:len(h)-1]), 16), "a stage from tile rank 16"},
		{h[:len(h)-1], "too short"},
	} {
		if _, _, err := parseHeader(c.h, true); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("a stage's header: %v; want %q", err, c.want)
		}
	}
}
