package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/settings"
)

// This file keeps the preferences file in step with the game while it
// runs: a command looks at the file's size and time every prefsLook, off
// the screen's goroutine, and reads it again when it has changed; the
// game takes the settings changed in it, and shows its problems — a badge
// under the board, the whole text in the help — until the file is fixed.
// A setting changed in the game is written by a command too, one write at
// a time (settings.Writes); those left when the program ends are done by
// run. Update itself never touches the file.

// prefsLook is how often the game looks at its preferences file: a change
// made in an editor takes effect within it.
const prefsLook = time.Second

// A prefsLookMsg is what a look at the preferences file found: the file
// read again, if it had changed since the look was asked for, else nil;
// and the game's writes when it was asked for (settings.Writes.Seq).
type prefsLookMsg struct {
	read   *settings.Prefs
	writes uint64
}

// watchPrefs returns the command that looks at the preferences file after
// prefsLook, and reads it if it changed since m.prefs was read; nil without
// a file: preferences kept nowhere, or by a server, whose player changes
// them in the game alone, are never looked at.
func (m *Model) watchPrefs() tea.Cmd {
	path := m.prefs.Path()
	if path == "" {
		return nil
	}
	stamp, writes := m.prefs.Stamp(), m.writes.Seq()
	return tea.Tick(prefsLook, func(time.Time) tea.Msg { return prefsLookMsg{settings.LoadIfChanged(path, stamp), writes} })
}

// A prefWrittenMsg says that a write of the preferences file is done, and
// how it went.
type prefWrittenMsg struct {
	w   *settings.Write
	err error
}

// writePref returns the command that does w; nil for no write.
func writePref(w *settings.Write) tea.Cmd {
	if w == nil {
		return nil
	}
	return func() tea.Msg { return prefWrittenMsg{w, w.Do()} }
}

// savePref returns the command that writes the setting name, changed in the
// game by a key, to the preferences file; the player is told if it cannot
// be written.
func (m *Model) savePref(name string, value any) tea.Cmd {
	w, err := m.prefs.Change(name, value)
	if err != nil {
		m.warn("Preferences not saved: " + err.Error())
	}
	return writePref(m.writes.Add(w))
}

// onPrefWritten takes a write of the preferences file done, and returns the
// command of the next one waiting. The settings screen, if it is up, says
// the change was written or why not; elsewhere a write that failed is a
// warning.
func (m *Model) onPrefWritten(msg prefWrittenMsg) tea.Cmd {
	m.prefs.Wrote(msg.w)
	v := m.screens.settings()
	switch {
	case v != nil && msg.err != nil:
		v.say("Changed for this game, not written: "+m.forPlayer(msg.err.Error()), true)
	case v != nil && m.prefs.Path() == "":
		v.say("Kept in "+m.prefs.Where()+".", false)
	case v != nil:
		v.say("Written to "+shortPath(m.prefs.Path())+".", false)
	case msg.err != nil:
		m.warn("Preferences not saved: " + msg.err.Error())
	}
	return writePref(m.writes.Done(msg.w))
}

// onPrefsLook takes what a look at the preferences file found (Update
// then asks for the next look). A file read again puts its keys and the settings
// changed in it to use (a setting the file left as it was stays as the
// game has it, a flag's or the settings screen's), the warnings of its
// problems fixed go, and those of new ones come. A file that cannot be
// parsed changes nothing but its problems. A look that crossed a write of
// the game's own, asked for, under way or done since the look was asked
// for, is not believed: it may have read the file before the write, and
// would put back what the player just changed. The next look reads the
// file as the game wrote it, which changes nothing but the problems the
// new value put right.
func (m *Model) onPrefsLook(msg prefsLookMsg) tea.Cmd {
	if msg.read == nil || msg.read.Path() != m.prefs.Path() || !m.writes.Idle() || msg.writes != m.writes.Seq() {
		return nil
	}
	old := m.prefs
	m.prefs = old.Merged(msg.read)
	m.warnings = slices.DeleteFunc(m.warnings, func(w warning) bool {
		return slices.Contains(old.Problems, w.text) && !slices.Contains(m.prefs.Problems, w.text)
	})
	for _, p := range m.prefs.Problems {
		if !slices.Contains(old.Problems, p) {
			m.warn(p)
		}
	}
	if m.prefs.Broken() != nil {
		return nil // what it says is not known: the game goes on as it is
	}
	m.keys = m.prefs.Keys
	return m.applyChanged(old, m.prefs)
}

// applyChanged puts to use the settings that changed from old to now, as
// read from the file; a new evaluator is opened in the background.
func (m *Model) applyChanged(old, now *settings.Prefs) tea.Cmd {
	if now.Theme.Name != old.Theme.Name {
		m.useTheme(now.Theme)
	}
	if now.Depth != old.Depth {
		m.ai.depth = now.Depth
	}
	if now.Speed != old.Speed {
		m.ai.delay = now.Speed
	}
	if now.Animate != old.Animate {
		m.useAnimate(now.Animate)
	}
	if now.Coach != old.Coach {
		m.useCoach(now.Coach)
	}
	network := now.Eval == ntuple.EvaluatorName
	changed := now.Eval != old.Eval || network && now.Weights != old.Weights
	if changed && (now.Eval != m.ai.evalName || network) && !m.evalFixed() {
		return m.ai.openEvaluator(now.Eval, now.WeightsFile(), false)
	}
	return nil
}

// configBadge draws the badge of the preferences file's problems (see
// configBadgeText); "" when it has none.
func (ps *playScreen) configBadge(m *Model) string {
	if len(m.prefs.Problems) == 0 {
		return ""
	}
	return lipgloss.NewStyle().Foreground(m.look.pal.Bad).Bold(true).Render(ps.configBadgeText(m))
}

// configBadgeText says in a few words that the preferences file has
// problems, and how many: "config: 2 problems".
func (ps *playScreen) configBadgeText(m *Model) string {
	return "config: " + figures.Quantity(len(m.prefs.Problems), "problem")
}

// problemsHelp draws the preferences file's problems for the help, each
// whole, wrapped to width; "" when it has none.
func (p *helpPage) problemsHelp(m *Model, width int) string {
	problems := m.prefs.Problems
	if len(problems) == 0 {
		return ""
	}
	bad := lipgloss.NewStyle().Foreground(m.look.pal.Bad)
	where, after := shortPath(m.prefs.Path()), "The game reads the file again when it changes: the badge under the board goes once it is fixed. "+
		"Until then, what was wrong takes its default."
	if w := m.prefs.Where(); m.prefs.Path() == "" && w != "" { // kept by a server: the player has no file to fix
		where = strings.ToUpper(w[:1]) + w[1:]
		after = "What was wrong takes its default. Changing a setting in the game (" + settings.FirstKey(m.keys.Settings) +
			") writes over a wrong value of it; its problem goes at your next session."
	}
	lines := []string{m.look.heading(fmt.Sprintf("%s: %s", where, figures.Quantity(len(problems), "problem")))}
	for _, p := range problems {
		lines = append(lines, bad.Render(ansi.Wrap(p, width, "/")))
	}
	lines = append(lines, ansi.Wrap(after, width, ""))
	return strings.Join(lines, "\n")
}
