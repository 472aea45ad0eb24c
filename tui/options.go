package tui

import (
	"fmt"
	"path/filepath"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/settings"
)

// This file holds the options of the settings screen (see settingsview.go):
// what each shows, what it means, and how a step changes it. A change takes
// effect at once and is written to the preferences file.

// An option is a line of the settings screen: its label, the value in
// effect, what the option does (under the list while it is chosen), and
// how a step changes it.
type option interface {
	label() string
	value(m *Model) string
	about(m *Model) string
	// step changes the option one step back (-1, ←) or on (+1, → and
	// enter), puts it to use and writes it.
	step(m *Model, by int) tea.Cmd
}

// options are the lines of the settings screen, in its order.
var options = []option{themeOption{}, coachOption{}, evalOption{}, weightsOption{}, animateOption{}, speedOption{}, depthOption{}}

// The options, each a type of its own.
type (
	themeOption   struct{}
	coachOption   struct{}
	evalOption    struct{}
	weightsOption struct{}
	animateOption struct{}
	speedOption   struct{}
	depthOption   struct{}
)

func (themeOption) label() string   { return "Theme" }
func (coachOption) label() string   { return "Coach" }
func (evalOption) label() string    { return "Evaluator" }
func (weightsOption) label() string { return "Weights" }
func (animateOption) label() string { return "Animation" }
func (speedOption) label() string   { return "Autoplay" }
func (depthOption) label() string   { return "Depth" }

func (themeOption) value(m *Model) string   { return m.look.themeShown() }
func (coachOption) value(m *Model) string   { return onOff(m.coach.rater != nil) }
func (animateOption) value(m *Model) string { return onOff(m.motion.animate && !m.motion.still) }
func (speedOption) value(m *Model) string   { return speedText(m.ai.pace()) }

func (weightsOption) step(m *Model, _ int) tea.Cmd { return m.screens.settings().editWeights(m) }

// onOff writes a setting that is on or off.
func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// useTheme draws the screen in th from now on.
func (m *Model) useTheme(th theme.Theme) {
	m.look.theme = th
	m.look.repaint()
}

// useAnimate turns the tiles' slide on or off; off, a slide under way ends.
func (m *Model) useAnimate(on bool) {
	m.motion.animate = on
	if !on {
		m.motion.anim = nil
	}
}

// useCoach turns the live coach on or off, if it is not so already; its
// rating under way and its mark go either way.
func (m *Model) useCoach(on bool) {
	if on == (m.coach.rater != nil) {
		return
	}
	m.coach.stopCoach()
	m.coach.rater, m.coach.mark = nil, nil
	if on {
		m.coach.rater = review.NewCoach(m.screens.reviewAt)
	}
}

// step moves to the theme before or after the one in effect, when
// there is colour to show it.
func (themeOption) step(m *Model, by int) tea.Cmd {
	if m.look.themeShown() != m.look.theme.Name {
		m.screens.settings().say("Themes need colour, and there is none here (-color none, NO_COLOR or the terminal).", true)
		return nil
	}
	all := theme.All()
	i := slices.IndexFunc(all, func(t theme.Theme) bool { return t.Name == m.look.theme.Name })
	m.useTheme(all[(i+by+len(all))%len(all)])
	return m.saveOption("theme", m.look.theme.Name)
}

func (themeOption) about(m *Model) string {
	if m.look.themeShown() != m.look.theme.Name {
		return "Themes need colour: with -color none, NO_COLOR or a terminal without colour, none shows."
	}
	return m.look.theme.Name + ": " + m.look.theme.Description + "."
}

func (coachOption) step(m *Model, _ int) tea.Cmd {
	m.useCoach(m.coach.rater == nil)
	return m.saveOption("coach", m.coach.rater != nil)
}

func (coachOption) about(m *Model) string {
	return "After each move you play, a mark beside the move count rates it as the review of the game will."
}

// value says which evaluator the AI uses, and which one is being
// opened to take its place.
func (evalOption) value(m *Model) string {
	if m.ai.opening != "" {
		return m.ai.evalName + " (opening " + m.ai.opening + "…)"
	}
	return m.ai.evalName
}

// step opens the evaluator before or after the one in effect (or the
// one being opened) in the background; onEval puts it to use and saves it.
func (evalOption) step(m *Model, by int) tea.Cmd {
	if m.evalFixed() {
		m.screens.settings().say(evalFixedText, true)
		return nil
	}
	names := settings.EvaluatorNames()
	from := m.ai.evalName
	if m.ai.opening != "" {
		from = m.ai.opening
	}
	i := slices.Index(names, from)
	next := names[(i+by+len(names))%len(names)]
	if next == m.ai.evalName {
		m.ai.opening, m.ai.opens = "", m.ai.opens+1 // back where it was: the opening under way is dropped
		return nil
	}
	return m.ai.openEvaluator(next, m.weightsFile(), true)
}

// evalFixedText says why the evaluator and its weights cannot be changed
// in a game on a pool.
const evalFixedText = "The server chooses how its AI scores a board, for every player."

func (evalOption) about(m *Model) string {
	name := m.ai.evalName
	if m.evalFixed() {
		return evalFixedText
	}
	if m.ai.opening != "" {
		name = m.ai.opening
	}
	if e, err := ai.LookupEvaluator(name); err == nil {
		return name + ": " + e.Summary + "."
	}
	return name + ": the network 2048 train trains, or the one the game offers, read from the file below; " +
		"one that cannot be read leaves the AI as it is, and this screen says why."
}

// weightsFile returns the weights file the preferences name, "" for the
// default one.
func (m *Model) weightsFile() string {
	if m.prefs == nil {
		return ""
	}
	return m.prefs.WeightsFile()
}

func (weightsOption) value(m *Model) string {
	if m.evalFixed() {
		return "the server's"
	}
	if m.prefs == nil || m.prefs.Weights == "" {
		if m.ai.offer != nil {
			return m.ai.offer.short()
		}
		return "the one 2048 train writes"
	}
	return m.prefs.Weights
}

func (weightsOption) about(m *Model) string {
	if m.evalFixed() {
		return evalFixedText
	}
	path := m.weightsFile()
	if path == "" && m.ai.offer != nil {
		path = "you have none of your own, so " + m.ai.offer.about()
	} else if path == "" {
		path = evaluators.DefaultWeightsPath()
	}
	if m.screens.settings().edit != nil {
		return fmt.Sprintf("The file %s reads its network from, now %s.", ntuple.EvaluatorName, path)
	}
	return fmt.Sprintf("The file %s reads its network from: %s. enter edits it.", ntuple.EvaluatorName, path)
}

func (animateOption) step(m *Model, _ int) tea.Cmd {
	if m.motion.still {
		m.screens.settings().say(stillText, true)
		return nil
	}
	m.useAnimate(!m.motion.animate)
	return m.saveOption("animate", m.motion.animate)
}

// stillText says why the tiles of a game that is still do not slide.
const stillText = "Tiles do not slide on this server: a slide is a dozen frames to draw, for every player at once."

func (animateOption) about(m *Model) string {
	if m.motion.still {
		return stillText
	}
	return "Tiles slide when they move, as in the original game (never without colour, nor when autoplay outpaces the slide)."
}

// step makes autoplay a step faster (→) or slower (←).
func (speedOption) step(m *Model, by int) tea.Cmd {
	m.ai.delay = stepSpeed(m.ai.delay, -by)
	return m.saveOption("speed", m.ai.delay.String())
}

func (speedOption) about(m *Model) string {
	return fmt.Sprintf("How fast the AI plays on autoplay (%s): from %s to full speed.",
		settings.FirstKey(m.keys.Autoplay), speedText(speeds[len(speeds)-1]))
}

func (depthOption) value(m *Model) string {
	if m.ai.depth == ai.Auto {
		return "auto (" + movesAhead(m.ai.shownDepth(m)) + " now)"
	}
	return movesAhead(m.ai.depth)
}

// step goes a ply deeper (→) or shallower (←), from the automatic
// depth, below 1 ply, to ai.MaxDepth.
func (depthOption) step(m *Model, by int) tea.Cmd {
	d := min(max(m.ai.depth+by, ai.Auto), ai.MaxDepth)
	m.ai.depth = d
	if d == ai.Auto {
		return m.saveOption("depth", "auto")
	}
	return m.saveOption("depth", int64(d))
}

func (depthOption) about(m *Model) string {
	lo, hi := m.ai.searcher.AutoDepthRange()
	return fmt.Sprintf("How far the AI looks ahead. auto: %d to %d moves, more as the board fills. "+
		"Each move more takes several times as long.", lo, hi)
}

// saveOption returns the command that writes the setting name, just
// changed on the settings screen, to the preferences file; the screen says
// it was written when it is (see onPrefWritten), or at once why it will
// not be.
func (m *Model) saveOption(name string, value any) tea.Cmd {
	v := m.screens.settings()
	w, err := m.prefs.Change(name, value)
	switch {
	case m.prefs.Broken() != nil: // the line under the list says so, and the help why
		v.say("Changed for this game, not written.", true)
	case err != nil:
		v.say("Changed for this game, not written: "+m.forPlayer(err.Error()), true)
	case w == nil:
		v.say("", false)
	}
	return writePref(m.writes.Add(w))
}

// shortPath names a file by its directory's name and its own, as
// 2048/config.toml: enough to know it, short enough for a small screen.
func shortPath(path string) string {
	return filepath.Join(filepath.Base(filepath.Dir(path)), filepath.Base(path))
}
