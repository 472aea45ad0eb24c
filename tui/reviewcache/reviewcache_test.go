package reviewcache_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/reviewcache"
)

// setting is the review setting of the tests: shallow, to keep them quick.
var setting = review.Setting{Depth: 2}

// cornerGame plays up to n moves from seed, preferring down, left, right
// and up in that order.
func cornerGame(seed uint64, start engine.Board, n int) review.Game {
	g := engine.NewGameFrom(start, seed)
	for g.MoveCount() < n && !g.Over() {
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, ok := g.Move(d); ok {
				break
			}
		}
	}
	return review.Game{Transcript: g.Transcript()}
}

// searchesOf reviews g at setting and returns the search of each move.
func searchesOf(t testing.TB, g review.Game) []ai.Result {
	t.Helper()
	rev, err := review.Run(context.Background(), g, review.Options{Setting: setting, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]ai.Result, len(rev.Moves))
	for i, m := range rev.Moves {
		out[i] = m.Search
	}
	return out
}

// same reports whether the searches a and b agree on all a review keeps:
// the board, the legal moves, their values and the best.
func same(a, b []ai.Result) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Board != y.Board || x.Best != y.Best || x.Legal != y.Legal || x.Depth != y.Depth {
			return false
		}
		for d, legal := range x.Legal {
			if legal && x.Value[d] != y.Value[d] {
				return false
			}
		}
	}
	return true
}

func encode(t testing.TB, g review.Game, s review.Setting, searches []ai.Result) []byte {
	t.Helper()
	data, err := reviewcache.Encode(g, s, searches)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRoundTrip: what Encode writes, Decode reads back, for a usual game
// and for one set up from a board, whole or in part.
func TestRoundTrip(t *testing.T) {
	start, _ := engine.Parse("2 0 0 2 / 0 4 0 0 / 0 0 0 0 / 8 0 0 0")
	for _, g := range []review.Game{cornerGame(3, 0, 150), cornerGame(4, start, 60)} {
		searches := searchesOf(t, g)
		for _, n := range []int{0, 1, len(searches) / 2, len(searches)} {
			got, err := reviewcache.Decode(encode(t, g, setting, searches[:n]), g, setting)
			if err != nil || !same(got, searches[:n]) {
				t.Errorf("seed %d, the first %d moves: Decode = %d searches, %v; want those encoded", g.Seed, n, len(got), err)
			}
		}
	}
}

// TestSharedMoves: a game that goes on from the moves reviewed takes their
// searches; one that parts from them at a move takes the searches up to
// that move's position, which both reach.
func TestSharedMoves(t *testing.T) {
	long := cornerGame(5, 0, 120)
	searches := searchesOf(t, long)
	kept := encode(t, long, setting, searches[:80])

	onward, err := reviewcache.Decode(kept, long, setting)
	if err != nil || !same(onward, searches[:80]) {
		t.Errorf("a game that goes on: Decode = %d searches, %v; want the 80 kept", len(onward), err)
	}
	short := long
	short.Moves = long.Moves[:30]
	if got, err := reviewcache.Decode(kept, short, setting); err != nil || !same(got, searches[:30]) {
		t.Errorf("a game of the first 30 moves: Decode = %d searches, %v; want 30", len(got), err)
	}
	parted := long
	parted.Moves = append([]engine.Direction(nil), long.Moves[:50]...)
	for _, d := range []engine.Direction{engine.Up, engine.Down, engine.Left, engine.Right} {
		b := engine.NewGame(long.Seed)
		for _, m := range parted.Moves {
			b.Move(m)
		}
		if _, ok := b.Move(d); ok && d != long.Moves[50] {
			parted.Moves = append(parted.Moves, d)
			break
		}
	}
	if got, err := reviewcache.Decode(kept, parted, setting); err != nil || !same(got, searches[:51]) {
		t.Errorf("a game that parts at move 51: Decode = %d searches, %v; want 51, to the position before it", len(got), err)
	}
}

// TestSettingChanged: a review kept at another setting is not taken, and
// is not damaged either.
func TestSettingChanged(t *testing.T) {
	g := cornerGame(6, 0, 40)
	kept := encode(t, g, setting, searchesOf(t, g))
	for _, s := range []review.Setting{{Depth: 3}, {Depth: review.DefaultDepth}, {Depth: ai.Auto}, {Time: time.Millisecond}} {
		if got, err := reviewcache.Decode(kept, g, s); got != nil || err != nil {
			t.Errorf("Decode at %v of a review at %v = %d searches, %v; want none and no error", s, setting, len(got), err)
		}
	}
}

// TestDamaged: a file cut short, or with any byte changed, is damaged, and
// nothing of it is taken; so is the review of another game under its name.
func TestDamaged(t *testing.T) {
	g := cornerGame(7, 0, 25)
	searches := searchesOf(t, g)
	kept := encode(t, g, setting, searches)
	damaged := func(name string, data []byte, game review.Game) {
		t.Helper()
		if got, err := reviewcache.Decode(data, game, setting); !errors.Is(err, reviewcache.ErrDamaged) || got != nil {
			t.Errorf("%s: Decode = %d searches, %v; want ErrDamaged", name, len(got), err)
		}
	}
	for n := range len(kept) {
		damaged("cut short", kept[:n], g)
	}
	for i := range kept {
		for _, c := range []byte{'0', '9', 'U', 'a', '"', ' '} {
			if kept[i] == c {
				continue
			}
			d := bytes.Clone(kept)
			d[i] = c
			damaged("a byte changed", d, g)
		}
	}
	other := cornerGame(8, 0, 25)
	damaged("another game's review", encode(t, other, setting, searchesOf(t, other)), g)
}

// TestEncodeRefuses: a review that would not decode is never written.
func TestEncodeRefuses(t *testing.T) {
	g := cornerGame(9, 0, 20)
	searches := searchesOf(t, g)
	wrong := append([]ai.Result(nil), searches...)
	wrong[5].Best = (wrong[5].Best + 1) % engine.NumDirections
	moved := append([]ai.Result(nil), searches...)
	moved[7].Board = searches[8].Board
	for _, tt := range []struct {
		name     string
		s        review.Setting
		searches []ai.Result
	}{
		{"a time a move", review.Setting{Time: time.Millisecond}, searches},
		{"the automatic depth", review.Setting{Depth: ai.Auto}, searches},
		{"more searches than moves", setting, append(searches, searches[0])},
		{"a best move that is not the best", setting, wrong},
		{"a search of another board", setting, moved},
	} {
		if _, err := reviewcache.Encode(g, tt.s, tt.searches); err == nil {
			t.Errorf("%s: Encode did not fail", tt.name)
		}
	}
}

func TestFileName(t *testing.T) {
	start, _ := engine.Parse("2 0 0 2 / 0 4 0 0 / 0 0 0 0 / 8 0 0 0")
	for _, tt := range []struct {
		g    review.Game
		want string
	}{
		{review.Game{Transcript: engine.Transcript{Seed: 1234}}, "1234.json"},
		{review.Game{Transcript: engine.Transcript{Seed: 7, Start: start}}, "7-1001020000003000.json"},
	} {
		if got := reviewcache.FileName(tt.g); got != tt.want {
			t.Errorf("FileName(seed %d, start %v) = %q; want %q", tt.g.Seed, tt.g.Start, got, tt.want)
		}
	}
}

// FuzzDecode: whatever the file, Decode takes nothing or searches that fit
// the positions of the game, as the AI makes them.
func FuzzDecode(f *testing.F) {
	g := cornerGame(11, 0, 12)
	searches := searchesOf(f, g)
	kept, err := reviewcache.Encode(g, setting, searches)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(kept)
	f.Add([]byte(`{"version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := reviewcache.Decode(data, g, setting)
		if err != nil {
			return
		}
		if !same(got, searches[:len(got)]) {
			t.Fatalf("Decode took %d searches unlike the AI's", len(got))
		}
	})
}
