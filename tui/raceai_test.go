package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/tui/airace"
)

// aiRaceSeed is the seed of the races against the AI of the tests.
const aiRaceSeed = 11

// aiRacingModel returns a game in a race against the AI at 2 plies on
// aiRaceSeed, started as RaceNow starts it, and the command waiting for
// the race's next update.
func aiRacingModel(t *testing.T) (*Model, tea.Cmd) {
	t.Helper()
	hub := airace.NewHub(airace.Config{Seed: func() uint64 { return aiRaceSeed }})
	m := newTestModel(t, Config{Races: hub, RaceNow: true, RaceCode: "2"})
	t.Cleanup(m.race.leave)
	var listen tea.Cmd
	drain(m.Init(), 10, func(msg tea.Msg) tea.Cmd {
		switch msg.(type) {
		case raceEnteredMsg: // the seat, from the background
			_, cmd := m.Update(msg)
			return cmd
		case raceMsg:
			_, listen = m.Update(msg) // the race's first update: it starts
		}
		return nil
	})
	if !m.race.running(m) || m.cur.Race != "AI2" || m.cur.Game.Seed() != aiRaceSeed {
		t.Fatalf("the race against the AI did not start: running %v, the game's race %q, seed %d", m.race.running(m), m.cur.Race, m.cur.Game.Seed())
	}
	return m, listen
}

// aiMoves hands the game the race's updates until the AI's game has
// moves moves, and returns the command waiting for the next.
func aiMoves(t *testing.T, m *Model, listen tea.Cmd, moves int) tea.Cmd {
	t.Helper()
	for m.race.state.Opponent.Moves < moves {
		msg, ok := listen().(raceMsg)
		if !ok || msg.ended {
			t.Fatalf("the race ended, or the game stopped waiting for it (%T)", msg)
		}
		_, listen = m.Update(msg)
	}
	if got := m.race.state.Opponent.Moves; got != moves {
		t.Fatalf("the AI's game has %d moves; want %d, as many as the player's", got, moves)
	}
	return listen
}

// TestRaceAI: v, a depth and enter race the AI; its board advances a move
// for each of the player's, beside the player's on a large terminal; the
// game of the race carries the race's code to the history.
func TestRaceAI(t *testing.T) {
	hub := airace.NewHub(airace.Config{Seed: func() uint64 { return aiRaceSeed }})
	m := newTestModel(t, Config{Races: hub})
	t.Cleanup(m.race.leave)
	listed := false
	for _, g := range (&helpPage{}).fullHelpKeys(m) {
		for _, b := range g {
			listed = listed || b.Help().Key == "v"
		}
	}
	if !listed {
		t.Error("the help of the local game does not list v, which races the AI")
	}
	press(m, "v")
	if text := plain(m); !strings.Contains(text, "Race the AI:") || !strings.Contains(text, "enter race, or alone: an AI like you") {
		t.Fatalf("v in the local game asks no depth:\n%s", text)
	}
	press(m, "3")
	press(m, "4") // a depth is one digit
	if text := plain(m); !strings.Contains(text, "no race. 3 enter") {
		t.Errorf("the depth typed is not 3 alone:\n%s", text)
	}
	listen := entered(t, m)
	_, listen = m.Update(listen())
	if !m.race.running(m) || m.race.state.Opponent.Name != "the AI (3 plies)" || m.cur.Race != "AI3" {
		t.Fatalf("the race: running %v, the AI named %q, the game's race %q", m.race.running(m), m.race.state.Opponent.Name, m.cur.Race)
	}
	for i, k := range []string{"left", "up", "left", "down"} {
		press(m, k)
		listen = aiMoves(t, m, listen, i+1)
	}
}

func TestRaceAIView(t *testing.T) {
	m, listen := aiRacingModel(t)
	for i, k := range []string{"left", "up", "right", "down", "left"} {
		press(m, k)
		listen = aiMoves(t, m, listen, i+1)
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	checkFits(t, m)
	if text := plain(m); !strings.Contains(text, "the AI (2 plies)") || strings.Contains(text, "Your friend") {
		t.Errorf("the AI's board is not beside the player's:\n%s", text)
	}
	golden.RequireEqual(t, m.View().Content)
}

// TestRaceAIForfeit: q asks before forfeiting the race; leaving it ends
// its goroutine, whose updates then close.
func TestRaceAIForfeit(t *testing.T) {
	m, listen := aiRacingModel(t)
	press(m, "left")
	listen = aiMoves(t, m, listen, 1)
	press(m, "q")
	if !strings.Contains(plain(m), "Quit, and leave the race? You lose it.") {
		t.Fatalf("q in a race against the AI does not ask first:\n%s", plain(m))
	}
	press(m, "n")
	press(m, "v")
	press(m, "y")
	if m.race.seat != nil || !strings.Contains(m.note, "You have left the race, and lost it.") {
		t.Fatalf("v, y: seat %v, note %q", m.race.seat != nil, m.note)
	}
	for {
		msg, ok := listen().(raceMsg)
		if !ok {
			t.Fatalf("the game stopped waiting for the race before its end")
		}
		if msg.ended {
			break // the race's goroutine has ended: its updates are closed
		}
	}
}
