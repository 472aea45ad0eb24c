//go:build serve

package serve

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/playerdata"
)

// arrowKeys are the keys of the directions, as xterm sends them.
var arrowKeys = [engine.NumDirections]string{engine.Up: keyUp, engine.Down: keyDown, engine.Left: keyLeft, engine.Right: keyRight}

// nearlyOver saves, as the game in progress of the player of key on ts, a
// game of seed one move from its end, and returns the move that ends it
// and the score it ends with.
func nearlyOver(t *testing.T, ts *testServer, key ssh.Signer, seed uint64) (last engine.Direction, score int) {
	t.Helper()
	g := engine.NewGame(seed)
	for !g.Over() {
		for _, d := range []engine.Direction{engine.Down, engine.Left, engine.Right, engine.Up} {
			if _, ok := g.Move(d); ok {
				last = d
				break
			}
		}
	}
	score = g.Score()
	g.Undo()
	store, err := ts.store(playerDir(key))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SaveGame(playerdata.SavedGame{ID: fmt.Sprintf("%016x", seed), Game: g}, true); err != nil {
		t.Fatal(err)
	}
	return last, score
}

// playerDir returns the name of the directory of the player of key.
func playerDir(key ssh.Signer) string {
	ext, _ := (&Server{}).checkKey(nil, key.PublicKey())
	return ext.Extensions[extPlayer]
}

// TestLeaderboards: two players, each at their first game on the server,
// choose a name, finish a game and leave it; the leaderboards rank both,
// by score, the second player's row marked on their screen, and the
// game over says where each game stands.
func TestLeaderboards(t *testing.T) {
	ts := startServer(t, Config{})
	type player struct {
		name  string
		key   ssh.Signer
		last  engine.Direction
		score int
	}
	players := []*player{{name: "alice", key: newKey(t)}, {name: "Bob Ø", key: newKey(t)}}
	for i, p := range players {
		p.last, p.score = nearlyOver(t, ts, p.key, uint64(11+i))
	}
	for i, p := range players {
		term := ts.playFirst(t, p.key, 80, 30)
		term.waitText("your name")
		term.press(strings.Repeat("\x7f", 20), p.name, "\r")
		term.waitText("MOVES")
		term.press(arrowKeys[p.last])
		place, of := 1, i+1
		if i == 1 && players[0].score > p.score {
			place = 2
		}
		term.waitText(fmt.Sprintf("By hand: %s of %d all time", []string{"", "1st", "2nd"}[place], of))
		term.press("n") // leaves the game: recorded in the history, then on the leaderboards
		term.waitText("A new game")
		term.press("b")
		term.waitText("2048 · leaderboards")
		term.press(keyLeft)                                              // the all-time board
		screen := term.waitFor("the player's row", func(s string) bool { // once the boards are read again
			return strings.Contains(s, "best game") && strings.Contains(s, "▸")
		})
		rows := strings.Split(screen, "\n")
		var ranked []string
		for _, row := range rows {
			for _, q := range players[:i+1] {
				if strings.Contains(row, " "+q.name+" ") {
					ranked = append(ranked, q.name)
					if q == p && !strings.Contains(row, "▸") {
						t.Errorf("the player's own row is not marked: %q", row)
					}
				}
			}
		}
		want := []string{}
		for _, q := range players[:i+1] {
			want = append(want, q.name)
		}
		if i == 1 && players[1].score > players[0].score {
			want[0], want[1] = want[1], want[0]
		}
		if fmt.Sprint(ranked) != fmt.Sprint(want) {
			t.Errorf("player %d sees %v; want %v:\n%s", i+1, ranked, want, screen)
		}
		term.press("b") // back to the game
		term.waitText("MOVES")
		term.press("q")
		term.wait()
	}
	board, err := ts.ledger.Best(false)
	if err != nil || len(board) != 2 {
		t.Fatalf("Best() = %v, %v; want both players", board, err)
	}
	if err := ts.ledger.IntegrityCheck(); err != nil {
		t.Error(err)
	}
}
