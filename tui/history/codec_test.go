package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// when is the date of the games of the tests.
var when = time.Date(2026, 11, 23, 14, 5, 9, 0, time.FixedZone("CET", 3600))

// cornerPlay plays g for n more moves at most, down first, then left,
// right, up: a plain policy that lasts, as the other tests of the project
// play.
func cornerPlay(g *engine.Game, n int) {
	for range n {
		moved := false
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, moved = g.Move(d); moved {
				break
			}
		}
		if !moved {
			return
		}
	}
}

// played returns the line of the game of seed after n moves of cornerPlay,
// with by(i) the mover of move i.
func played(seed uint64, n int, by func(i int) review.Mover) Game {
	e := engine.NewGame(seed)
	cornerPlay(e, n)
	movers := make(review.Movers, e.MoveCount())
	for i := range movers {
		movers[i] = by(i)
	}
	g := FromEngine(e, movers)
	g.Hinted = count(movers, review.ByHint) > 0
	g.Autoplayed = count(movers, review.ByAutoplay) > 0
	g.Played, g.Ended = 95*time.Second+500*time.Millisecond, when
	g.ID = fmt.Sprintf("game-%d-%d", seed, n)
	if n%2 == 0 { // some games with undos, their peak above their score
		g.Undos, g.Peak = 2, g.Score+16
	}
	return g
}

func byPlayer(int) review.Mover { return review.ByPlayer }

// mixed has the AI play every third move, by hint or by autoplay.
func mixed(i int) review.Mover {
	switch i % 6 {
	case 2:
		return review.ByHint
	case 5:
		return review.ByAutoplay
	}
	return review.ByPlayer
}

func TestGameRoundTrip(t *testing.T) {
	for _, g := range []Game{played(1, 0, byPlayer), played(7, 150, mixed), played(42, 5000, byPlayer)} {
		line, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(string(line), "\n\r") {
			t.Fatalf("a line holds a newline: %s", line)
		}
		var back Game
		if err := json.Unmarshal(line, &back); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if !back.Ended.Equal(g.Ended) {
			t.Errorf("Ended = %v; want %v", back.Ended, g.Ended)
		}
		back.Ended = g.Ended
		if !reflect.DeepEqual(back, g) {
			t.Errorf("read back as %+v; want %+v", back, g)
		}
	}
	// A game of a version that gave no IDs has none.
	g := played(5, 10, byPlayer)
	g.ID = ""
	line, _ := json.Marshal(g)
	var back Game
	if err := json.Unmarshal(line, &back); err != nil || back.ID != "" || strings.Contains(string(line), `"id"`) {
		t.Errorf("a game of no ID: %s read back with ID %q, %v", line, back.ID, err)
	}
	// A game that does not know who made its moves says nothing of them.
	g = played(3, 20, byPlayer)
	g.By = nil
	line, _ = json.Marshal(g)
	back = Game{}
	if err := json.Unmarshal(line, &back); err != nil || back.By != nil || strings.Contains(string(line), `"by"`) {
		t.Errorf("a game of unknown movers: %s read back as By %v, %v", line, back.By, err)
	}
}

func TestMarshalRefusesWhatWouldNotReadBack(t *testing.T) {
	g := played(7, 40, byPlayer)
	g.Score++
	if _, err := json.Marshal(g); err == nil {
		t.Error("a game whose score its moves do not give was encoded")
	}
	g = played(7, 40, byPlayer)
	g.By = g.By[1:]
	if _, err := json.Marshal(g); err == nil {
		t.Error("a game that says who made one move less than it has was encoded")
	}
	for _, id := range []string{"a b", "a\nb", "\x1b[31m", strings.Repeat("x", MaxID+1)} {
		g = played(7, 40, byPlayer)
		g.ID = id
		if _, err := json.Marshal(g); err == nil {
			t.Errorf("a game of ID %q was encoded", id)
		}
	}
}

// TestDecodeRefusesDamage changes a good line in each way a line can go
// wrong; each must fail, and say why.
func TestDecodeRefusesDamage(t *testing.T) {
	good, err := json.Marshal(played(7, 60, mixed))
	if err != nil {
		t.Fatal(err)
	}
	replace := func(old, new string) func(string) string {
		return func(s string) string {
			if !strings.Contains(s, old) {
				t.Fatalf("the line has no %q: %s", old, s)
			}
			return strings.Replace(s, old, new, 1)
		}
	}
	var j gameJSON
	json.Unmarshal(good, &j)
	tests := []struct {
		name   string
		damage func(string) string
		want   string
	}{
		{"garbage", func(string) string { return "#!&" }, "not JSON"},
		{"torn", func(s string) string { return s[:len(s)/2] }, "not JSON"},
		{"score", replace(`"score":`, `"score":4`), "the line says"},
		{"tile", replace(`"tile":`, `"tile":1`), "the line says"},
		{"move count", replace(`"moves":60,`, `"moves":59,`), "the line says"},
		{"a move", func(s string) string {
			i := strings.Index(s, `"moves":"`) + len(`"moves":"`)
			c := map[byte]string{'D': "L", 'L': "D", 'R': "U", 'U': "R"}[s[i+10]]
			return s[:i+10] + c + s[i+11:]
		}, "decoding game"},
		{"who moved, count", replace(`"by":"`, `"by":"p`), "who made 61"},
		{"who moved, letter", replace(`"by":"p`, `"by":"x`), "'x'"},
		{"hinted", replace(`"hinted":true`, `"hinted":false`), "does not say"},
		{"autoplayed", replace(`"autoplayed":true`, `"autoplayed":false`), "does not say"},
		{"no version", replace(`"version":1,`, ``), "version 0"},
		{"newer", replace(`"version":1,`, `"version":2,`), "newer"},
		{"no date", replace(`"ended":"2026-11-23T14:05:09+01:00",`, ``), "no date"},
		{"negative time", replace(`"seconds":95.5`, `"seconds":-1`), "seconds"},
		{"id", replace(`"id":"game-7-60"`, `"id":"game 7"`), "id"},
		{"undos", replace(`"undos":2`, `"undos":-1`), "undos"},
		{"peak", replace(`"peak":`, `"peak":-`), "under the score"},
		{"long id", replace(`"id":"game-7-60"`, `"id":"`+strings.Repeat("7", MaxID+1)+`"`), "at most"},
		{"no game", func(s string) string { return s[:strings.Index(s, `,"game"`)] + "}" }, `no "game"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := tt.damage(string(good))
			_, err := Decode([]byte(line))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Decode(%s) = %v; want an error saying %q", line, err, tt.want)
			}
			if newer := errors.Is(err, ErrNewer); newer != (tt.name == "newer") {
				t.Errorf("errors.Is(%v, ErrNewer) = %v", err, newer)
			}
		})
	}
}

// TestDecodeByteOrderMark: the first line of a history saved by an editor
// that begins files with a byte order mark reads as without it.
func TestDecodeByteOrderMark(t *testing.T) {
	g := played(7, 60, mixed)
	line, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Decode(append([]byte("\uFEFF"), line...))
	if err != nil || e.Game == nil || e.Game.ID != g.ID {
		t.Errorf("Decode of a line after a byte order mark = %+v, %v; want the game", e, err)
	}
}

func TestDecodeEarlier(t *testing.T) {
	want := Earlier{GamesPlayed: 42, GamesWon: 3, GamesHinted: 10, GamesAutoplayed: 5, BestScore: 36112, HighestTile: 4096}
	line, err := EncodeEarlier(want)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Decode(append(line, '\n'))
	if err != nil || e.Game != nil || e.Earlier == nil || *e.Earlier != want {
		t.Fatalf("Decode(%s) = %+v, %v; want the earlier games %+v", line, e, err, want)
	}
	for _, bad := range []string{
		`{"version":1,"earlier":null}`,
		`{"version":1,"earlier":{"games_played":-1}}`,
		`{"version":1,"earlier":[1]}`,
	} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s) succeeded", bad)
		}
	}
}

// FuzzDecode checks that a line either fails to decode or decodes as the
// game its moves replay, with every figure of the line agreeing: a damaged
// line never reads as another game.
func FuzzDecode(f *testing.F) {
	for _, g := range []Game{played(1, 0, byPlayer), played(7, 30, mixed), played(9, 200, byPlayer)} {
		line, err := json.Marshal(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(line)
	}
	line, _ := EncodeEarlier(Earlier{GamesPlayed: 2, BestScore: 100})
	f.Add(line)
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Decode(data)
		if err != nil || e.Game == nil {
			return
		}
		g := e.Game
		replayed, err := g.Replay()
		if err != nil {
			t.Fatalf("%q decoded as a game that does not replay: %v", data, err)
		}
		var j gameJSON
		if err := json.Unmarshal(data, &j); err != nil {
			t.Fatalf("%q decoded, but not as a line: %v", data, err)
		}
		if j.Score != replayed.Score() || j.Tile != replayed.HighestTile() || j.Moves != replayed.MoveCount() ||
			g.By != nil && len(g.By) != len(g.Moves) {
			t.Fatalf("%q decoded as score %d, tile %d, %d moves: not what the line says", data, g.Score, g.HighestTile(), len(g.Moves))
		}
		again, err := json.Marshal(*g)
		if err != nil {
			t.Fatalf("%q decoded as a game that does not encode: %v", data, err)
		}
		back, err := Decode(again)
		if err != nil || !reflect.DeepEqual(back.Game.Moves, g.Moves) || back.Game.Score != g.Score {
			t.Fatalf("%q decoded, encoded as %s, decoded again as %+v, %v", data, again, back, err)
		}
	})
}
