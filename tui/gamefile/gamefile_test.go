package gamefile_test

import (
	"os"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/gamefile"
)

// readTestdata returns the contents of a file of testdata.
func readTestdata(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestParse(t *testing.T) {
	saved := readTestdata(t, "saved.json")
	sim := readTestdata(t, "sim.json")
	simLine := strings.TrimSuffix(strings.TrimSpace(strings.Split(sim, "\n")[3]), ",")
	engineGame := `{"seed":3,"moves":"LLLL","board":"0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0","score":0}`
	for _, c := range []struct {
		name, data string
		source     string
		seed       uint64
		moves      int
		score      int
		note       bool
	}{
		{"saved", saved, "a saved game", 2048, 60, 448, false},
		{"saved by Notepad", "\uFEFF" + saved, "a saved game", 2048, 60, 448, false},
		{"saved without movers", strings.Replace(saved, `,"by":"`+strings.Repeat("p", 20), `,"ignored":"`, 1), "a saved game", 2048, 60, 448, true},
		{"sim", sim, "a game of 2048 sim (greedy)", 3, 479, 6656, false},
		{"sim line", simLine, "a game of 2048 sim", 3, 479, 6656, false},
	} {
		f, err := gamefile.Parse([]byte(c.data))
		if err != nil {
			t.Errorf("Parse(%s): %v", c.name, err)
			continue
		}
		if f.Source != c.source || f.Game.Seed != c.seed || len(f.Game.Moves) != c.moves || f.Score != c.score || (f.Note != "") != c.note {
			t.Errorf("Parse(%s) = %q, seed %d, %d moves, score %d, note %q; want %q, %d, %d, %d, a note %v",
				c.name, f.Source, f.Game.Seed, len(f.Game.Moves), f.Score, f.Note, c.source, c.seed, c.moves, c.score, c.note)
		}
	}
	if _, err := gamefile.Parse([]byte(engineGame)); err == nil || !strings.Contains(err.Error(), "a game that does not load") {
		t.Errorf("Parse(a game whose board its moves do not reach) = %v; want an error that it does not load", err)
	}
}

func TestParseNotAGame(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"", "not a game: the file is empty"},
		{"my best game", "not a game: not JSON"},
		{"[1, 2]", "not a game: not a JSON object"},
		{`{"version":1,"best_score":1200}`, "not a game: a JSON object without the fields"},
	} {
		if _, err := gamefile.Parse([]byte(c.data)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v; want an error beginning %q", c.data, err, c.want)
		}
	}
}

// FuzzParse checks that a damaged file fails, or reads as a game that
// replays to the score it gives.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"saved.json", "sim.json"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := gamefile.Parse(data)
		if err != nil {
			return
		}
		e, err := g.Game.Replay()
		if err != nil {
			t.Fatalf("Parse(%q) = a game that does not replay: %v", data, err)
		}
		if e.Score() != g.Score || e.HighestTile() != g.Tile {
			t.Fatalf("Parse(%q): score %d, tile %d; the game replays to %d, %d", data, g.Score, g.Tile, e.Score(), e.HighestTile())
		}
	})
}
