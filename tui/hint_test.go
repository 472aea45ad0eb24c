package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// A hintCase is a board and the AI's values of its moves, as losses
// against the best: a hint whose verdicts are known.
type hintCase struct {
	name   string
	board  string
	best   engine.Direction
	losses map[engine.Direction]float64
}

// hintCases are hints that between them show every verdict, a move that
// cannot be played, and reasons of the line under the bars.
var hintCases = []hintCase{
	{"verdicts", "512 0 4 2 / 8 0 0 0 / 2 0 0 0 / 0 0 2 0", engine.Left,
		map[engine.Direction]float64{engine.Right: 0.0005, engine.Up: 0.005, engine.Down: 0.02}},
	{"blunder", "64 32 256 64 / 16 256 64 256 / 128 128 32 16 / 256 0 16 8", engine.Left,
		map[engine.Direction]float64{engine.Right: 0.1, engine.Down: 0.02}},
	{"survives", "2 4 64 256 / 4 2 8 32 / 64 8 4 2 / 2 4 16 2", engine.Up,
		map[engine.Direction]float64{engine.Down: 0.3}},
	{"only-move", "0 0 0 0 / 2 4 2 4 / 4 2 4 2 / 2 4 2 4", engine.Up, nil},
}

// result returns the search of the case: the best move worth a million,
// the others as much less as their losses say.
func (c hintCase) result(t *testing.T) ai.Result {
	t.Helper()
	b, err := engine.Parse(c.board)
	if err != nil {
		t.Fatal(err)
	}
	r := ai.Result{Board: b, Best: c.best, Depth: 4}
	for d := range engine.Direction(engine.NumDirections) {
		_, _, r.Legal[d] = b.Move(d)
		r.Value[d] = 1e6 * (1 - c.losses[d])
	}
	return r
}

// model returns a model on a w×h terminal in colour mode cm, with the
// case's board on screen and its hint.
func (c hintCase) model(t *testing.T, cm ColorMode, w, h int) *Model {
	t.Helper()
	m := modelAt(t, Config{Color: cm, Depth: 4}, c.board, 1)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	r := c.result(t)
	m.ai.hint, m.ai.last = &r, &r
	return m
}

// hintLayouts are terminal sizes that take each layout of the game: the
// large board beside the panel, a grown one, the small board beside it,
// and both under it.
var hintLayouts = []struct {
	name string
	w, h int
}{{"large", 80, 24}, {"grown", 100, 34}, {"small", 72, 16}, {"large-under", 42, 34}, {"small-under", 37, 26}}

// TestHintView compares the hint with testdata/TestHintView/*.golden: the
// verdicts, the line under the bars, and the caption, in every layout for
// one hint and in the large one for the others, in 16 colours and in none
// (go test ./tui -run TestHintView -update rewrites them).
func TestHintView(t *testing.T) {
	for _, c := range hintCases {
		for _, l := range hintLayouts {
			if c.name != "verdicts" && l.name != "large" {
				continue
			}
			for _, cm := range []ColorMode{Color16, ColorNone} {
				t.Run(fmt.Sprintf("%s-%s-%s", c.name, l.name, cm), func(t *testing.T) {
					m := c.model(t, cm, l.w, l.h)
					checkFits(t, m)
					golden.RequireEqual(t, m.View().Content)
				})
			}
		}
	}
}

// panelText returns the lines of the panel on the screen of m, without
// their styles.
func panelText(m *Model) []string {
	l, _ := fit(m.look.size())
	return strings.Split(ansi.Strip(m.play.panel(m, l)), "\n")
}

// hintLine returns the line of the hint's bar of d in the panel of m.
func hintLine(t *testing.T, m *Model, d engine.Direction) string {
	t.Helper()
	name := fmt.Sprintf(" %s %-5s ", arrowOf(d), d)
	for _, line := range panelText(m) {
		if strings.HasPrefix(line, name) {
			return line
		}
	}
	t.Fatalf("no line of %v in the panel:\n%s", d, m.render())
	return ""
}

// wantWord returns the word the hint must give d on r: Judge's verdict, as
// the replay gives the move if it is played, "loses" for a move after which
// the game is over whatever tile comes, "only move" for the one legal move.
func wantWord(r ai.Result, d engine.Direction) string {
	_, v := review.Judge(r, d)
	after, _, _ := r.Board.Move(d)
	dead := true
	for _, o := range after.Outcomes() {
		dead = dead && !o.Board.HasMove()
	}
	switch {
	case v == review.Forced:
		return "only move"
	case v == review.Blunder && dead:
		return "loses"
	}
	return v.String()
}

// TestHintSpeaksAsTheReview: every move's line has the verdict the review
// gives the move, and its loss as the review writes it, in every layout.
func TestHintSpeaksAsTheReview(t *testing.T) {
	for _, c := range hintCases {
		for _, l := range hintLayouts {
			m := c.model(t, ColorNone, l.w, l.h)
			r := c.result(t)
			for d := range engine.Direction(engine.NumDirections) {
				line := hintLine(t, m, d)
				if !r.Legal[d] {
					if !strings.Contains(line, "can't move") {
						t.Errorf("%s at %d×%d: %q for a move that cannot be played", c.name, l.w, l.h, line)
					}
					continue
				}
				want := wantWord(r, d)
				if loss, v := review.Judge(r, d); v != review.Best && v != review.Forced && want != "loses" {
					want = fmt.Sprintf("%-10s %6s", want, figures.ShortPercent(loss))
				}
				if !strings.Contains(line, " "+want) {
					t.Errorf("%s at %d×%d: the line of %v is %q; want %q", c.name, l.w, l.h, d, line, want)
				}
			}
		}
	}
}

// TestHintBarsTellVerdictsApart: the bars shorten with each verdict worse,
// by at least one half cell in the narrowest panel; a move that loses has
// none, the only move a full one.
func TestHintBarsTellVerdictsApart(t *testing.T) {
	barOf := func(line string) int { return 2*strings.Count(line, "━") + strings.Count(line, "╸") }
	for _, l := range hintLayouts {
		m := hintCases[0].model(t, ColorNone, l.w, l.h)
		order := []engine.Direction{engine.Left, engine.Right, engine.Up, engine.Down} // best, good, inaccuracy, mistake
		for i := 1; i < len(order); i++ {
			if a, b := barOf(hintLine(t, m, order[i-1])), barOf(hintLine(t, m, order[i])); b >= a {
				t.Errorf("%d×%d: the bar of %v (%d halves) is not shorter than that of %v (%d)", l.w, l.h, order[i], b, order[i-1], a)
			}
		}
	}
	m := hintCases[1].model(t, ColorNone, 80, 24)
	if loses, blunder := barOf(hintLine(t, m, engine.Down)), barOf(hintLine(t, m, engine.Right)); loses != 0 || blunder == 0 {
		t.Errorf("the bar of a move that loses has %d halves, of a blunder %d", loses, blunder)
	}
	m = hintCases[3].model(t, ColorNone, 80, 24)
	if only := hintLine(t, m, engine.Up); barOf(only) != 2*7 {
		t.Errorf("the only move's line %q has no full bar", only)
	}
}

// TestHintSaysWhy: the line under the bars says why the AI prefers its
// move, whole in every layout, and nothing where the board shows no
// reason.
func TestHintSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		c    hintCase
		want string
	}{
		{hintCases[0], "← left keeps the 512 in its corner, → right does not"},
		{hintCases[2], "↑ up is the only move that does not lose"},
	} {
		for _, l := range hintLayouts {
			if view := strings.Join(strings.Fields(strings.Join(panelText(tc.c.model(t, ColorNone, l.w, l.h)), " ")), " "); !strings.Contains(view, tc.want) {
				t.Errorf("%s at %d×%d: no %q on the screen %q", tc.c.name, l.w, l.h, tc.want, view)
			}
		}
	}
	m := hintCases[3].model(t, ColorNone, 80, 24)
	if view := strings.Join(panelText(m), " "); strings.Contains(view, "only move that") {
		t.Errorf("a reason for the only legal move: %q", view)
	}
}

// TestHelpExplainsTheHint: with a hint on screen, the help's key opens the
// help at its part about the hint, which names every verdict and says
// what a ply is; with none, at the keys.
func TestHelpExplainsTheHint(t *testing.T) {
	for _, l := range hintLayouts {
		m := hintCases[0].model(t, ColorNone, l.w, l.h)
		press(m, "?")
		view := plain(m)
		if !strings.Contains(view, "The hint") || !strings.Contains(view, "asks the AI") {
			t.Errorf("%d×%d: ? over a hint does not show the hint's help: %q", l.w, l.h, view)
		}
		checkFits(t, m)
	}
	m := hintCases[0].model(t, ColorNone, 80, 24)
	text, _ := (&helpPage{}).helpText(m, helpWidth)
	text = strings.Join(strings.Fields(ansi.Strip(text)), " ")
	for _, want := range []string{
		"best the AI's move", "good loses less than 0.1%", "inaccuracy loses 0.1% to 1%", "mistake loses 1% to 5%",
		"blunder loses 5% or more", "loses the game ends after it", "only move the one move",
		"A ply is one move of yours; the AI looks 4 moves ahead, with every tile the game could add in between.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not say %q: %q", want, text)
		}
	}
	m = newTestModel(t, Config{})
	press(m, "?")
	if view := plain(m); !strings.Contains(view, "move up") {
		t.Errorf("? with no hint does not open the help at the keys: %q", view)
	}
}

// TestHelpViewAtTheHint compares the help opened over a hint with
// testdata/TestHelpViewAtTheHint/*.golden, in 16 colours and in none.
func TestHelpViewAtTheHint(t *testing.T) {
	for _, cm := range []ColorMode{Color16, ColorNone} {
		t.Run(cm.String(), func(t *testing.T) {
			m := hintCases[0].model(t, cm, 80, 24)
			press(m, "?")
			golden.RequireEqual(t, m.View().Content)
		})
	}
}

// pointsEval is the heuristic, taken for an evaluator whose values are
// points still to come, as the network's are.
type pointsEval struct{ ai.Evaluator }

func (pointsEval) EstimatesScore() bool { return true }

// TestHintInPoints: with an evaluator whose values are points, the hint
// tells each move's loss in points, and its caption says so; with the
// heuristic, in percent.
func TestHintInPoints(t *testing.T) {
	heuristic, err := ai.NewEvaluator(ai.Evaluators()[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		eval ai.Evaluator
		want string
	}{{pointsEval{heuristic}, "points below the best"}, {heuristic, "% lost against the best"}} {
		m := newTestModel(t, Config{Searcher: ai.NewSearcher(ai.Config{Eval: c.eval, Threads: 1, TableMB: 4}), Depth: 2})
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 34})
		moveOnce(t, m)
		settle(m, press(m, "h"), 10)
		if text := plain(m); !strings.Contains(text, c.want) {
			t.Errorf("the hint with %T does not say %q:\n%s", c.eval, c.want, text)
		}
	}
}

// TestHintInPointsView compares with testdata/TestHintInPointsView/*.golden
// the hint of an evaluator whose values are points, at three widths.
func TestHintInPointsView(t *testing.T) {
	for _, size := range []struct{ w, h int }{{60, 24}, {80, 24}, {120, 34}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			m := newTestModel(t, Config{Searcher: ai.NewSearcher(ai.Config{Eval: pointsEval{ai.NneonneoHeuristic()}, Threads: 1, TableMB: 4}), Depth: 2})
			m.Update(tea.WindowSizeMsg{Width: size.w, Height: size.h})
			moveOnce(t, m)
			settle(m, press(m, "h"), 10)
			golden.RequireEqual(t, m.View().Content)
		})
	}
}
