package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai/review"
)

// coachModel returns a test model with the coach on, at replaySetting.
func coachModel(t *testing.T) *Model {
	t.Helper()
	m := playedModel(t, Config{Coach: true, Depth: 2}, 30)
	m.coach.rater = review.NewCoach(replaySetting)
	return m
}

// ratingOf runs the commands of cmd but the rating, and returns the rating's
// message, if there is one, without giving it to m.
func ratingOf(m *Model, cmd tea.Cmd) (coachMsg, bool) {
	var rating coachMsg
	found := false
	drain(cmd, 20, func(msg tea.Msg) tea.Cmd {
		if r, ok := msg.(coachMsg); ok {
			rating, found = r, true
			return nil
		}
		if _, ok := msg.(searchMsg); ok {
			return nil
		}
		_, next := m.Update(msg)
		return next
	})
	return rating, found
}

// moveKey returns the key of a move that changes m's board.
func moveKey(t *testing.T, m *Model) string {
	t.Helper()
	moves := m.cur.Game.Board().LegalMoves()
	if len(moves) == 0 {
		t.Fatal("the game is over")
	}
	return moves[0].String()
}

// movesField returns the MOVES line of m's panel, as text.
func movesField(m *Model) string {
	for _, line := range strings.Split(ansi.Strip(m.render()), "\n") {
		if i := strings.Index(line, "MOVES"); i >= 0 {
			return strings.Join(strings.Fields(line[i:]), " ")
		}
	}
	return ""
}

// TestCoach: with the coach on, the player's move is rated in the
// background as the review rates it, and marked beside the move count
// while it is the last move; the next move, or a hint asked for, cancels a
// rating on its way, whose answer then marks nothing.
func TestCoach(t *testing.T) {
	m := coachModel(t)
	rating, ok := ratingOf(m, press(m, moveKey(t, m)))
	if !ok {
		t.Fatal("a move of the player was not rated")
	}
	m.Update(rating)
	rev := reviewOfGame(t, m)
	want := rev.Moves[len(rev.Moves)-1].Verdict
	if mark := verdictMarks[want] + " " + markWord(want); m.coach.mark == nil || m.coach.mark.verdict != want || movesField(m) != "MOVES 31 "+mark {
		t.Fatalf("after a move: mark %+v, panel %q; want %v, %q", m.coach.mark, movesField(m), want, mark)
	}

	first, _ := ratingOf(m, press(m, moveKey(t, m)))
	second, ok := ratingOf(m, press(m, moveKey(t, m)))
	if !ok || m.coach.mark != nil || movesField(m) != "MOVES 33" {
		t.Fatalf("a move kept the mark of the one before: %q", movesField(m))
	}
	m.Update(first) // late: the move it rates is not the last any more
	if m.coach.mark != nil {
		t.Fatalf("the rating of a move played over marked the panel: %+v", m.coach.mark)
	}
	m.Update(second)
	if m.coach.mark == nil || m.coach.mark.move != 33 {
		t.Fatalf("the rating of the last move did not mark it: %+v", m.coach.mark)
	}

	third, _ := ratingOf(m, press(m, moveKey(t, m)))
	press(m, "h") // the hint's search comes first: the rating is cancelled
	m.Update(third)
	if m.coach.mark != nil {
		t.Errorf("a rating cancelled by a hint marked the panel: %+v", m.coach.mark)
	}
}

// TestCoachOff: the coach is off by default, and never rates the AI's
// moves.
func TestCoachOff(t *testing.T) {
	m := playedModel(t, Config{Depth: 2}, 30)
	if _, ok := ratingOf(m, press(m, moveKey(t, m))); ok {
		t.Error("a move was rated with the coach off")
	}
	m = coachModel(t)
	search := press(m, "h")
	for _, s := range searchOf(search) {
		m.Update(s)
	}
	if _, ok := ratingOf(m, press(m, "space")); ok {
		t.Error("a hint played was rated")
	}
}

// TestCoachView compares the game with the coach's mark beside the move
// count with testdata/TestCoachView.golden.
func TestCoachView(t *testing.T) {
	m := coachModel(t)
	rating, _ := ratingOf(m, press(m, moveKey(t, m)))
	m.Update(rating)
	m.motion.flash = flash{}
	golden.RequireEqual(t, m.View().Content)
}
