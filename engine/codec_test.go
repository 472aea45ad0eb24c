package engine_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/term2048/2048/engine"
)

func TestJSONRoundTrip(t *testing.T) {
	for _, g := range []*engine.Game{engine.NewGame(77), engine.NewGameFrom(0x1100_0000_0000_0001, 3)} {
		cornerPlay(g, 200)
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var back engine.Game
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", data, err)
		}
		if back.Board() != g.Board() || back.Score() != g.Score() || back.MoveCount() != g.MoveCount() {
			t.Fatalf("round trip: %v, %d, %d moves; want %v, %d, %d",
				back.Board(), back.Score(), back.MoveCount(), g.Board(), g.Score(), g.MoveCount())
		}
		// The decoded game goes on exactly as the original, undo included.
		back.Undo()
		g.Undo()
		cornerPlay(&back, back.MoveCount()+20)
		cornerPlay(g, g.MoveCount()+20)
		if back.Board() != g.Board() {
			t.Fatal("the decoded game does not continue as the original")
		}
	}
}

func TestJSONDamaged(t *testing.T) {
	g := engine.NewGame(42)
	cornerPlay(g, 50)
	good, _ := json.Marshal(g)
	var j map[string]any
	if err := json.Unmarshal(good, &j); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(map[string]any)
		want   string
	}{
		{"score", func(j map[string]any) { j["score"] = j["score"].(float64) + 4 }, "replay ends at"},
		{"board", func(j map[string]any) { j["board"] = "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" }, "replay ends at"},
		{"seed", func(j map[string]any) { j["seed"] = 43 }, "changes nothing"}, // another game: move 12 is illegal in it
		{"letter", func(j map[string]any) { j["moves"] = "UDX" }, `move 3 is 'X'`},
		{"start", func(j map[string]any) { j["start"] = "3 0 0 0" }, "start"},
	}
	for _, tt := range tests {
		m := map[string]any{}
		for k, v := range j {
			m[k] = v
		}
		tt.change(m)
		data, _ := json.Marshal(m)
		var back engine.Game
		err := json.Unmarshal(data, &back)
		if err == nil {
			t.Errorf("%s: damaged game %s decoded", tt.name, data)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %q does not mention %q", tt.name, err, tt.want)
		}
	}
	var back engine.Game
	if err := json.Unmarshal(bytes.Repeat([]byte("{"), 3), &back); err == nil {
		t.Error("malformed JSON decoded")
	}
}

// savedRecord is what a saved game says about itself, read from the JSON
// without the engine: the fields of the documented format.
type savedRecord struct {
	Seed  uint64 `json:"seed"`
	Start string `json:"start"`
	Moves string `json:"moves"`
	Board string `json:"board"`
	Score int    `json:"score"`
}

// letters returns the moves of g as the saved form writes them.
func letters(g *engine.Game) string {
	var sb strings.Builder
	for _, d := range g.Moves() {
		sb.WriteByte(d.Letter())
	}
	return sb.String()
}

// FuzzGameJSON damages saved games: whatever the bytes, decoding a Game
// either fails and leaves the game as it was, or loads exactly the game the
// bytes record: its seed, start, moves, board and score, with the history
// of a replay of them, so that undo and the spawns to come are the
// recorded game's too.
func FuzzGameJSON(f *testing.F) {
	for _, g := range []*engine.Game{engine.NewGame(42), engine.NewGame(7), engine.NewGameFrom(0x1100_0000_0000_0001, 3)} {
		for _, n := range []int{0, 3, 40} {
			cornerPlay(g, n)
			data, err := json.Marshal(g)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`null`))
	f.Add([]byte(`{"seed":1,"moves":"","board":"0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0","score":0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g := engine.NewGame(5)
		cornerPlay(g, 4)
		before, _ := json.Marshal(g)
		if err := json.Unmarshal(data, g); err != nil {
			if after, _ := json.Marshal(g); !bytes.Equal(after, before) {
				t.Fatalf("a failed decoding (%v) changed the game from %s to %s", err, before, after)
			}
			return
		}
		var rec savedRecord
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatalf("%q loaded as a game but is not a saved game: %v", data, err)
		}
		var start engine.Board
		if rec.Start != "" {
			var err error
			if start, err = engine.Parse(rec.Start); err != nil {
				t.Fatalf("%q loaded as a game, but its start does not parse: %v", data, err)
			}
		}
		if g.Seed() != rec.Seed || g.Start() != start || letters(g) != rec.Moves ||
			g.Board().String() != rec.Board || g.Score() != rec.Score {
			t.Fatalf("%q loaded as seed %d, start %v, moves %q, board %v, score %d: not the game it records",
				data, g.Seed(), g.Start(), letters(g), g.Board(), g.Score())
		}
		want, err := engine.Replay(rec.Seed, start, g.Moves())
		if err != nil {
			t.Fatalf("%q loaded as a game its moves do not replay: %v", data, err)
		}
		cornerPlay(g, g.MoveCount()+3)
		cornerPlay(want, want.MoveCount()+3)
		if g.Board() != want.Board() || g.Score() != want.Score() {
			t.Fatalf("%q loaded as a game that plays on to %v, score %d; its replay plays on to %v, score %d",
				data, g.Board(), g.Score(), want.Board(), want.Score())
		}
		for g.Undo() {
		}
		if fresh := engine.NewGameFrom(start, rec.Seed); g.Board() != fresh.Board() || g.Score() != 0 {
			t.Fatalf("%q loaded as a game that undoes back to %v, score %d; want %v, score 0",
				data, g.Board(), g.Score(), fresh.Board())
		}
	})
}
