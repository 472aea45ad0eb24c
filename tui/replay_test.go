package tui

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/reviewcache"
)

// replaySetting is the review setting of the replay's tests: shallow, and
// quick.
var replaySetting = review.Setting{Depth: 3}

// playedModel returns a test model after n moves of a game played as a
// careless player would, some of them marked as the AI's: moves 21 to 30
// autoplayed, move 35 a hint played. Its reviews take no pause between
// batches.
func playedModel(t *testing.T, cfg Config, n int) *Model {
	t.Helper()
	cfg.Seed, cfg.NewGame = 2048, true
	m := newTestModel(t, cfg)
	m.screens.reviewPace, m.screens.reviewAt = 0, replaySetting
	playCarelessly(m.cur.Game, n)
	m.cur.By = make(review.Movers, m.cur.Game.MoveCount())
	for i := range m.cur.By {
		switch {
		case i >= 20 && i < 30:
			m.cur.By[i] = review.ByAutoplay
		case i == 34:
			m.cur.By[i] = review.ByHint
		}
	}
	m.cur.Autoplayed, m.cur.Hinted = true, true
	m.motion.flash = flash{}
	return m
}

// playCarelessly plays up to n moves of g as the corner policy of playSome
// does, but for every fifth move, which goes up if it can: the move that
// pulls the big tiles out of their corner.
func playCarelessly(g *engine.Game, n int) {
	for g.MoveCount() < n && !g.Over() {
		if g.MoveCount()%5 == 4 {
			if _, ok := g.Move(engine.Up); ok {
				continue
			}
		}
		playSome(g, g.MoveCount()+1)
	}
}

// reviewOf returns the review of m's game at replaySetting.
func reviewOfGame(t *testing.T, m *Model) *review.Review {
	t.Helper()
	rev, err := review.Run(context.Background(), review.Game{Transcript: m.cur.Game.Transcript(), By: m.cur.Movers()}, review.Options{Setting: replaySetting})
	if err != nil {
		t.Fatal(err)
	}
	return rev
}

// fillReview hands the replay on screen the first n moves of rev, as its
// review would, and the end of the review if they are all of them. No
// command runs: the review is the test's.
func fillReview(m *Model, rev *review.Review, n int) {
	id := m.screens.replay().id
	m.Update(reviewStartedMsg{id: id})
	m.Update(reviewMovesMsg{id, rev.Moves[:n]})
	if n == len(rev.Moves) {
		m.Update(reviewEndedMsg{id: id})
	}
}

// mistakesOf returns the positions of the player's mistakes and blunders
// in rev, and of the AI's.
func mistakesOf(rev *review.Review) (player, ai []int) {
	for i, mv := range rev.Moves {
		if mv.Verdict == review.Inaccuracy || mv.Verdict == review.Mistake || mv.Verdict == review.Blunder {
			if mv.By.AI() {
				ai = append(ai, i)
			} else {
				player = append(player, i)
			}
		}
	}
	return player, ai
}

// TestReplaySteps: r opens the replay of the game at the position on
// screen; the keys step through it, jump to its ends and to the player's
// mistakes, never to the AI's, and say when there is none further.
func TestReplaySteps(t *testing.T) {
	m := playedModel(t, Config{}, 120)
	rev := reviewOfGame(t, m)
	mistakes, _ := mistakesOf(rev)
	if len(mistakes) < 4 {
		t.Fatalf("the game has %d mistakes; the test needs 4", len(mistakes))
	}
	byAI := mistakes[1] // a mistake of the AI's: not one of the player's to jump to
	m.cur.By[byAI], rev.Moves[byAI].By = review.ByAutoplay, review.ByAutoplay
	mistakes, _ = mistakesOf(rev)
	n := m.cur.Game.MoveCount()
	press(m, "r")
	if m.screens.replay() == nil || m.screens.replay().at != n || !strings.Contains(plain(m), "replay of this game, up to now") {
		t.Fatalf("r did not open the replay at the end:\n%s", m.render())
	}
	for _, step := range []struct {
		key  string
		want int
	}{{"right", n}, {"left", n - 1}, {"home", 0}, {"left", 0}, {"right", 1}, {"end", n}, {"g", 0}, {"G", n}} {
		press(m, step.key)
		if m.screens.replay().at != step.want {
			t.Fatalf("%s: at move %d; want %d", step.key, m.screens.replay().at, step.want)
		}
	}

	fillReview(m, rev, mistakes[1]+1) // half the review: the first two mistakes found
	press(m, "home")
	press(m, "down")
	press(m, "down")
	if m.screens.replay().at != mistakes[1] {
		t.Fatalf("home, down, down: at %d; want the second mistake, %d (mistakes at %v)", m.screens.replay().at, mistakes[1], mistakes)
	}
	press(m, "down")
	if m.screens.replay().at != mistakes[1] || !strings.Contains(plain(m), "the review is at move") {
		t.Errorf("down past the moves reviewed: at %d, the screen:\n%s", m.screens.replay().at, m.render())
	}
	m.Update(reviewMovesMsg{m.screens.replay().id, rev.Moves[mistakes[1]+1:]})
	m.Update(reviewEndedMsg{id: m.screens.replay().id})
	var seen []int
	for press(m, "home"); ; {
		at := m.screens.replay().at
		press(m, "n")
		if m.screens.replay().at == at {
			break
		}
		seen = append(seen, m.screens.replay().at)
	}
	if !slices.Equal(seen, mistakes) || !strings.Contains(plain(m), "No inaccuracy nor mistake of yours after this move") {
		t.Errorf("the mistakes jumped to from the start: %v; want the player's, %v, then a note; the screen:\n%s", seen, mistakes, m.render())
	}
	press(m, "up")
	if m.screens.replay().at != mistakes[len(mistakes)-2] {
		t.Errorf("up from the last mistake: at %d; want the one before, %d", m.screens.replay().at, mistakes[len(mistakes)-2])
	}
}

// TestReplayLeavesTheGameAsItWas: the keys of the replay act on the replay
// only, and esc or q brings the game back as it was: its hint, note,
// warning and question on screen.
func TestReplayLeavesTheGameAsItWas(t *testing.T) {
	for _, leave := range []string{"esc", "q"} {
		m := playedModel(t, Config{}, 60)
		withHint(t, m, 2)
		m.note, m.play.asking = "A note of the game.", wonKeepGoing
		m.warn("A warning of the game.")
		board, moves, by, hint, th := m.cur.Game.Board(), m.cur.Game.MoveCount(), slices.Clone(m.cur.By), m.ai.hint, m.look.theme.Name
		press(m, "r")
		for _, k := range []string{"left", "n", "y", "up", "down", "h", "a", "space", "u", "t", "s", "[", "home", "?", "x", "x"} {
			press(m, k)
		}
		if m.screens.replay() == nil || m.screens.help() != nil {
			t.Fatalf("a key of the game closed the replay, or a key did not close the help over it")
		}
		if cmd := press(m, leave); cmd != nil {
			settle(m, cmd, 10)
		}
		switch {
		case m.screens.replay() != nil:
			t.Errorf("%s did not leave the replay", leave)
		case m.cur.Game.Board() != board || m.cur.Game.MoveCount() != moves || !slices.Equal(m.cur.By, by):
			t.Errorf("%s: the game changed under the replay: %d moves; want %d", leave, m.cur.Game.MoveCount(), moves)
		case m.ai.hint != hint || m.note != "A note of the game." || m.play.asking != wonKeepGoing || len(m.warnings) != 1:
			t.Errorf("%s: hint %v, note %q, question %v, %d warnings; want them as they were", leave, m.ai.hint != hint, m.note, m.play.asking, len(m.warnings))
		case m.look.theme.Name != th:
			t.Errorf("%s: t in the replay changed the theme", leave)
		}
	}
}

// TestReplayAutoplayWaits: the game's autoplay waits while the replay is
// up (its answer does not move the game under it), and goes on after.
func TestReplayAutoplayWaits(t *testing.T) {
	m := playedModel(t, Config{Depth: 2}, 40)
	search := press(m, "a")
	press(m, "r")
	for _, msg := range searchOf(search) {
		settle(m, func() tea.Msg { return msg }, 10)
	}
	if m.cur.Game.MoveCount() != 40 || !m.ai.autoplay {
		t.Fatalf("the AI played under the replay: %d moves, autoplay %v", m.cur.Game.MoveCount(), m.ai.autoplay)
	}
	settle(m, press(m, "esc"), 6)
	if m.cur.Game.MoveCount() <= 40 || !m.ai.autoplay {
		t.Errorf("autoplay did not go on after the replay: %d moves, autoplay %v", m.cur.Game.MoveCount(), m.ai.autoplay)
	}
}

// TestReplayReviewGone: a review still running when its replay is left is
// cancelled, and its answers, delivered late and in any order, touch
// nothing: not the game, not another replay opened since. The game is on a
// pool of one thread, which the review waits for before each position, and
// which the test holds but for the first position: the review is still
// running when the replay is left, however fast the machine or slow the
// test. It runs in a synctest bubble, whose Wait tells when the review
// waits for the thread.
func TestReplayReviewGone(t *testing.T) {
	synctest.Test(t, testReplayReviewGone)
}

func testReplayReviewGone(t *testing.T) {
	p := testPool(t, time.Second, 0)
	m := playedModel(t, Config{Pool: p}, 400)
	withGames(m, pastGames(t, 3))
	board, moves := m.cur.Game.Board(), m.cur.Game.MoveCount()
	release, err := p.acquire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	started, ok := press(m, "r")().(reviewStartedMsg)
	if !ok {
		t.Fatal("r did not start a review")
	}
	first := m.screens.replay().id
	late := []tea.Msg{started}
	_, next := m.Update(started)
	synctest.Wait() // the review waits for the thread
	release()
	// Asked for after the review, the thread comes back to the test once
	// the review has searched one position.
	if release, err = p.acquire(t.Context()); err != nil {
		t.Fatal(err)
	}
	late = append(late, next()) // the first move reviewed, taken from the review but not handed to the replay
	press(m, "esc")
	release() // a review left, but not cancelled, would now run to its end
	if m.screens.replay() != nil {
		t.Fatal("esc did not leave the replay")
	}
	if _, err := started.stream.Result(); !errors.Is(err, context.Canceled) {
		t.Errorf("the review left ended with %v; want it cancelled", err)
	}
	late = append(late, reviewPollMsg{first}, reviewEndedMsg{first, nil}, reviewMovesMsg{first, nil})

	press(m, "s")
	press(m, "down")
	press(m, "enter") // the replay of another game
	other := m.screens.replay()
	if other == nil || other.id == first {
		t.Fatal("enter on the statistics did not open another replay")
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(late), func(i, j int) { late[i], late[j] = late[j], late[i] })
	for _, msg := range late {
		if _, cmd := m.Update(msg); cmd != nil {
			t.Errorf("the late answer %T started something", msg)
		}
	}
	if other.started || other.ended || len(other.moves) != 0 {
		t.Errorf("a late answer of the review left reached the replay on screen: started %v, ended %v, %d moves", other.started, other.ended, len(other.moves))
	}
	press(m, "esc")
	press(m, "esc")
	if m.cur.Game.Board() != board || m.cur.Game.MoveCount() != moves {
		t.Errorf("the game changed: %d moves; want %d", m.cur.Game.MoveCount(), moves)
	}
}

// TestReplayKeepsReviews: a review is kept with the history when it ends
// or the replay is left, and taken again when the game is replayed: whole
// for the same game, in part for the game gone on, not at all at another
// setting or from a damaged file, which is written again.
func TestReplayKeepsReviews(t *testing.T) {
	store := tempStore(t)
	m := playedModel(t, Config{Store: &store}, 40)
	open := func() reviewStartedMsg {
		t.Helper()
		started, ok := press(m, "r")().(reviewStartedMsg)
		if !ok {
			t.Fatal("r did not start a review")
		}
		_, cmd := m.Update(started)
		settle(m, cmd, 1000)
		if !m.screens.replay().ended || len(m.screens.replay().moves) != m.cur.Game.MoveCount() {
			t.Fatalf("the review did not end: %d moves of %d", len(m.screens.replay().moves), m.cur.Game.MoveCount())
		}
		settle(m, press(m, "esc"), 10)
		return started
	}
	kept := func() int {
		t.Helper()
		known, err := store.LoadReview(review.Game{Transcript: m.cur.Game.Transcript(), By: m.cur.Movers()}, m.screens.reviewAt)
		if err != nil {
			t.Fatal(err)
		}
		return len(known)
	}
	if s := open(); s.known != 0 || kept() != 40 {
		t.Fatalf("first replay: %d moves known, %d kept; want 0 and 40", s.known, kept())
	}
	if s := open(); s.known != 40 || s.problem != nil {
		t.Errorf("the same game again: %d moves known (%v); want the 40 kept", s.known, s.problem)
	}
	playSome(m.cur.Game, 55)
	m.cur.By = append(m.cur.By, make(review.Movers, 15)...)
	if s := open(); s.known != 40 || kept() != 55 {
		t.Errorf("the game gone on: %d moves known, %d kept; want 40, then 55", s.known, kept())
	}
	m.screens.reviewAt = review.Setting{Depth: 2}
	if s := open(); s.known != 0 || kept() != 55 {
		t.Errorf("another setting: %d moves known, %d kept at it; want 0, then 55", s.known, kept())
	}
	path := filepath.Join(store.ReviewsDir(), reviewcache.FileName(review.Game{Transcript: m.cur.Game.Transcript()}))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if s := open(); s.known != 0 || s.problem == nil || kept() != 55 {
		t.Errorf("a damaged file: %d moves known, problem %v, %d kept after; want 0, the problem said, 55", s.known, s.problem, kept())
	}
}

// TestReplayView compares the replay with testdata/TestReplayView/*.golden:
// a review half done and complete, at 80×24, on a small and a large
// terminal, in ASCII and in colour.
func TestReplayView(t *testing.T) {
	setUp := func(t *testing.T, cfg Config, w, h, reviewed int) *Model {
		m := playedModel(t, cfg, 120)
		rev := reviewOfGame(t, m)
		m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		press(m, "r")
		fillReview(m, rev, min(reviewed, len(rev.Moves)))
		press(m, "home")
		press(m, "down") // the first mistake
		return m
	}
	for _, tt := range []struct {
		name     string
		cfg      Config
		w, h     int
		reviewed int
	}{
		{"half", Config{}, 80, 24, 60},
		{"done", Config{}, 80, 24, 1000},
		{"small", Config{}, 72, 15, 1000},
		{"large-200x60", Config{}, 200, 60, 60},
		{"large-200x60-done", Config{}, 200, 60, 1000},
		{"ascii", Config{ASCII: true}, 80, 24, 1000},
		{"color-100x34", Config{Color: Color256}, 100, 34, 1000},
		{"pane-30x12", Config{}, 30, 12, 1000},
		{"pane-40x15", Config{}, 40, 15, 60},
		{"pane-60x24", Config{Color: ColorTrue}, 60, 24, 1000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			golden.RequireEqual(t, setUp(t, tt.cfg, tt.w, tt.h, tt.reviewed).View().Content)
		})
	}
	t.Run("end", func(t *testing.T) {
		m := setUp(t, Config{}, 80, 24, 1000)
		press(m, "end")
		golden.RequireEqual(t, m.View().Content)
	})
}

// TestReplayFits: the replay fits every size the game accepts, at every
// kind of position, and draws in ASCII only for a terminal without UTF-8.
func TestReplayFits(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		m := playedModel(t, Config{ASCII: ascii}, 80)
		rev := reviewOfGame(t, m)
		press(m, "r")
		fillReview(m, rev, 50)
		for _, size := range [][2]int{{80, 24}, {72, 15}, {37, 26}, {60, 30}, {100, 34}, {140, 42}, {200, 60}, {40, 12}} {
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			for _, at := range []int{0, 20, 49, 50, 79, 80} {
				m.screens.replay().at = at
				checkFits(t, m)
				if !ascii {
					continue
				}
				if content := m.View().Content; strings.ContainsFunc(content, func(r rune) bool { return r >= utf8.RuneSelf }) {
					t.Errorf("%v at move %d: not ASCII:\n%s", size, at, content)
				}
			}
		}
	}
}

// TestReplayPlays: the replay plays itself at its pace, from the start if
// it is at the end, stops at the end, and stops when a key steps; a tick
// of a replay stopped steps nothing. (The ticks are the test's: no timer
// runs.)
func TestReplayPlays(t *testing.T) {
	m := playedModel(t, Config{}, 30)
	press(m, "r")
	press(m, "]")
	press(m, "]")
	if m.screens.replay().pace != 50*time.Millisecond {
		t.Errorf("] ]: pace %v; want 50ms", m.screens.replay().pace)
	}
	tick := func() replayTickMsg { return replayTickMsg{m.screens.replay().id, m.screens.replay().ticks} }
	if press(m, "space") == nil || !m.screens.replay().playing || m.screens.replay().at != 0 {
		t.Fatalf("space at the end: playing %v at %d; want playing from the start", m.screens.replay().playing, m.screens.replay().at)
	}
	for range 5 {
		m.Update(tick())
	}
	if m.screens.replay().at != 5 {
		t.Errorf("after 5 ticks: at %d; want 5", m.screens.replay().at)
	}
	stale := tick()
	press(m, "right")
	if m.screens.replay().playing {
		t.Error("a step by hand did not stop the replay")
	}
	press(m, "space")
	m.Update(stale)
	if m.screens.replay().at != 6 {
		t.Errorf("a tick of the replay stopped stepped: at %d; want 6", m.screens.replay().at)
	}
	for range 100 {
		m.Update(tick())
	}
	if m.screens.replay().playing || m.screens.replay().at != 30 {
		t.Errorf("played to the end: playing %v at %d; want stopped at 30", m.screens.replay().playing, m.screens.replay().at)
	}
}

// TestReplayAnimates: with colour, a step on slides the tiles as the game
// does, frame by frame to the board of the position; a key in the middle
// finishes it at once and acts; a jump, and the replay playing itself
// faster than the slide, do not slide. Without colour nothing slides.
func TestReplayAnimates(t *testing.T) {
	m := playedModel(t, Config{Color: ColorTrue, Animate: true}, 30)
	press(m, "r")
	press(m, "home")
	tick := press(m, "right")
	a := m.screens.replay().anim
	if tick == nil || a == nil || a.before != m.screens.replay().boards[0] || a.after != m.screens.replay().boards[1] {
		t.Fatalf("a step on did not slide the move to the position: %+v", a)
	}
	settle(m, tick, 20)
	if m.screens.replay().anim != nil || m.screens.replay().at != 1 {
		t.Fatalf("the slide did not end on the position: at %d, animation %v", m.screens.replay().at, m.screens.replay().anim != nil)
	}
	press(m, "right")
	press(m, "right") // in the middle of the slide: it ends, and the key steps
	if m.screens.replay().at != 3 || m.screens.replay().anim == nil || m.screens.replay().anim.after != m.screens.replay().boards[3] {
		t.Errorf("a key during the slide: at %d; want 3, sliding to it", m.screens.replay().at)
	}
	press(m, "end")
	if m.screens.replay().anim != nil {
		t.Error("a jump slid")
	}
	for range 8 {
		press(m, "]") // full speed
	}
	press(m, "space")
	m.Update(replayTickMsg{m.screens.replay().id, m.screens.replay().ticks})
	if m.screens.replay().at != 1 || m.screens.replay().anim != nil {
		t.Errorf("the replay playing at full speed slid: at %d", m.screens.replay().at)
	}

	m = playedModel(t, Config{Animate: true}, 30) // no colour
	press(m, "r")
	press(m, "home")
	if press(m, "right"); m.screens.replay().anim != nil {
		t.Error("a step slid without colour")
	}
}

// TestReplayNothingYet: a game of no move has nothing to replay.
func TestReplayNothingYet(t *testing.T) {
	m := newTestModel(t, Config{})
	if cmd := press(m, "r"); cmd != nil || m.screens.replay() != nil || !strings.Contains(m.note, "Nothing to replay") {
		t.Errorf("r on a fresh game: replay %v, note %q", m.screens.replay() != nil, m.note)
	}
}

// BenchmarkReplayFrame draws a frame of the replay sliding a move, its
// panel filled by a review, at 80×24 and 200×60: a frame must stay under
// 2 ms, as the game's (BenchmarkAnimationFrame).
func BenchmarkReplayFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			t := &testing.T{}
			m := playedModel(t, Config{Color: ColorTrue, Animate: true}, 120)
			m.ctx = context.Background() // a bare T has none
			rev := reviewOfGame(t, m)
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			press(m, "r")
			fillReview(m, rev, len(rev.Moves))
			press(m, "home")
			press(m, "down")
			press(m, "right")
			b.ReportAllocs()
			frames := 0
			for b.Loop() {
				m.screens.replay().anim.frame = frames % animFrames
				m.View()
				frames++
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(frames), "ms/frame")
		})
	}
}

// TestReplayInPoints compares with testdata/TestReplayInPoints/*.golden
// the replay of a game reviewed with an evaluator whose values are points:
// the move's loss, the bars and their caption in points.
func TestReplayInPoints(t *testing.T) {
	set := review.Setting{Depth: 3, Eval: pointsEval{ai.NneonneoHeuristic()}}
	for _, size := range []struct{ w, h int }{{60, 24}, {80, 24}, {120, 34}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			m := playedModel(t, Config{}, 120)
			m.screens.reviewAt = set
			rev, err := review.Run(context.Background(), review.Game{Transcript: m.cur.Game.Transcript(), By: m.cur.Movers()}, review.Options{Setting: set})
			if err != nil {
				t.Fatal(err)
			}
			m.Update(tea.WindowSizeMsg{Width: size.w, Height: size.h})
			press(m, "r")
			fillReview(m, rev, len(rev.Moves))
			press(m, "home")
			press(m, "down")                                                          // the first slip
			if text := plain(m); size.w >= 80 && !strings.Contains(text, " points") { // 60 columns show the board and the verdict
				t.Errorf("the replay in points says no points:\n%s", text)
			}
			golden.RequireEqual(t, m.View().Content)
		})
	}
}

// TestReviewFollowsTheEvaluator: the replay's reviews and the coach's
// ratings use the AI's evaluator when its values are points, at the
// review's depth for it, and the default review with any heuristic.
func TestReviewFollowsTheEvaluator(t *testing.T) {
	heuristic := ai.NneonneoHeuristic()
	m := newTestModel(t, Config{Coach: true, Searcher: ai.NewSearcher(ai.Config{Eval: pointsEval{heuristic}, Threads: 1, TableMB: 4})})
	if set := m.screens.reviewAt; !set.InPoints() || set.Depth != review.NetworkDepth || m.coach.rater.Setting() != set {
		t.Fatalf("with an evaluator in points: replays at %v, the coach at %v; want both in points at depth %d", set, m.coach.rater.Setting(), review.NetworkDepth)
	}
	opened := func(name string, eval ai.Evaluator) {
		m.ai.openEvaluator(name, "", false) // its command, which would read a file, is not run
		m.Update(evalMsg{id: m.ai.opens, name: name, eval: eval})
	}
	opened("nneonneo", heuristic)
	if set := m.screens.reviewAt; set != reviewSetting || m.coach.rater.Setting() != set {
		t.Errorf("the heuristic opened: replays at %v, the coach at %v; want the default review, kept", set, m.coach.rater.Setting())
	}
	opened("ntuple", pointsEval{heuristic})
	if set := m.screens.reviewAt; !set.InPoints() || m.coach.rater.Setting() != set {
		t.Errorf("a network opened: replays at %v, the coach at %v; want both in points", set, m.coach.rater.Setting())
	}
}
