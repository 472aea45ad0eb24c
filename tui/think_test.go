package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// deliver hands the answers to m in the order given, and returns the
// commands they lead to.
func deliver(m *Model, answers ...searchMsg) []tea.Cmd {
	var cmds []tea.Cmd
	for _, a := range answers {
		_, cmd := m.Update(a)
		cmds = append(cmds, cmd)
	}
	return cmds
}

// TestAutoplayOffAndOnAgain presses a three times fast, on one board: the
// first search is cancelled by the second a, the third a starts another
// search of the same board. Whatever order the two answers arrive in, the
// second search's answer must be played. Before searches had their own
// number, the cancelled answer was taken for the second search's, which was
// then dropped: autoplay on, and nothing moving.
func TestAutoplayOffAndOnAgain(t *testing.T) {
	for _, order := range []string{"cancelled first", "cancelled last"} {
		t.Run(order, func(t *testing.T) {
			m := newTestModel(t, Config{Depth: 2})
			first := press(m, "a")
			press(m, "a")
			cancelled := searchOf(first) // run now: its context is done
			if len(cancelled) != 1 || cancelled[0].err == nil {
				t.Fatalf("the first search returned %+v; want it cancelled", cancelled)
			}
			second := searchOf(press(m, "a"))
			if order == "cancelled first" {
				deliver(m, cancelled[0], second[0])
			} else {
				deliver(m, second[0], cancelled[0])
			}
			if m.cur.Game.MoveCount() != 1 || !m.ai.autoplay {
				t.Errorf("after a a a: %d moves, autoplay %v; want the AI's move played and autoplay on", m.cur.Game.MoveCount(), m.ai.autoplay)
			}
		})
	}
}

// TestHintAfterAutoplayOff presses a, a, h on one board: the hint must show
// although the cancelled autoplay search answers first.
func TestHintAfterAutoplayOff(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2})
	first := press(m, "a")
	press(m, "a")
	cancelled := searchOf(first)
	hint := searchOf(press(m, "h"))
	deliver(m, cancelled[0], hint[0])
	if m.ai.hint == nil || m.ai.hint.Best != hint[0].res.Best || m.ai.thinking != idle {
		t.Errorf("after a a h: hint %v, thinking %v; want the hint on screen", m.ai.hint, m.ai.thinking)
	}
}

// TestAutoTickOfAnOldSearch checks that the timer of an autoplay move that
// was called off does not play the move of the next search before its time.
func TestAutoTickOfAnOldSearch(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2, Speed: speeds[len(speeds)-1]})
	first := searchOf(press(m, "a"))
	m.ai.lastAuto = m.now() // as if the AI had just played: the answer waits for its tick
	deliver(m, first...)
	oldTick := autoTickMsg{m.ai.pendingID}
	press(m, "a")
	second := searchOf(press(m, "a"))
	m.ai.lastAuto = m.now()
	deliver(m, second...)
	m.Update(oldTick)
	if m.cur.Game.MoveCount() != 0 || m.ai.pending == nil {
		t.Errorf("the old search's tick played a move: %d moves", m.cur.Game.MoveCount())
	}
}

// faultyEval panics at every leaf, as a bug in an evaluator would.
type faultyEval struct{}

func (faultyEval) Evaluate(engine.Board) float64 { panic("evaluator fault") }
func (faultyEval) Lost() float64                 { return 0 }

// TestSearchPanicIsShown checks that a panic in the AI stops autoplay and
// says so, and that the game goes on.
func TestSearchPanicIsShown(t *testing.T) {
	m := newTestModel(t, Config{Depth: 4, Searcher: ai.NewSearcher(ai.Config{Threads: 2, TableMB: 1, Eval: faultyEval{}})})
	settle(m, press(m, "a"), 10)
	if m.ai.autoplay || m.ai.thinking != idle {
		t.Errorf("autoplay %v, thinking %v after the AI failed; want both stopped", m.ai.autoplay, m.ai.thinking)
	}
	if view := m.render(); !strings.Contains(view, "evaluator fault") {
		t.Errorf("the failure is not on screen:\n%s", view)
	}
	press(m, "left")
	if m.cur.Game.MoveCount() != 1 {
		t.Error("the game did not go on after the AI failed")
	}
}
