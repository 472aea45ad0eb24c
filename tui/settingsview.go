package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/settings"
)

// This file holds the settings screen: a list of options (see options.go),
// the up and down keys to choose one, left and right (or enter) to change
// it, esc to go back. A change takes effect at once and is written to the
// preferences file, keeping its comments.

// A settingsView is the settings screen: the option chosen, the first line
// of the list in sight, what the screen says of the last change, and the
// weights file while it is edited.
type settingsView struct {
	chosen int
	top    int
	said   string
	bad    bool      // said is why something could not be done
	edit   *lineEdit // the weights file being edited; nil when none is
}

// A lineEdit is a line of text being typed, the cursor at its end: enough
// to write a file's name (bubbles' textinput would bring a clipboard
// package for it).
type lineEdit struct{ text []rune }

// key edits the line for k: a character types itself, backspace takes the
// last one away, ctrl+u all of them. Characters that are not printable
// (control and format characters: escape, a bidi override) are dropped,
// since the line is drawn as typed.
func (e *lineEdit) key(k tea.KeyPressMsg) {
	switch k.String() {
	case "backspace", "ctrl+h":
		e.text = e.text[:max(len(e.text)-1, 0)]
	case "ctrl+u":
		e.text = nil
	default:
		if k.Text != "" && k.Mod&^tea.ModShift == 0 {
			for _, r := range k.Text {
				if unicode.IsPrint(r) {
					e.text = append(e.text, r)
				}
			}
		}
	}
}

// view draws the line in width columns, its end in sight, and the cursor.
func (e *lineEdit) view(width int, text, cursor lipgloss.Style) string {
	shown := e.text
	for len(shown) > 0 && ansi.StringWidth(string(shown)) > width-1 {
		shown = shown[1:]
	}
	return text.Render(string(shown)) + cursor.Render(" ")
}

// say puts text on the screen, under the list, until the next change: in
// the colour of a problem if bad.
func (v *settingsView) say(text string, bad bool) { v.said, v.bad = text, bad }

// openSettings puts the settings screen up, at its first option.
func (m *Model) openSettings() { m.screens.open(&settingsView{}) }

// onSettingsKey handles a key on the settings screen; while the weights file
// is edited, every key but ctrl+c goes to it.
func (v *settingsView) onSettingsKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	if v.edit != nil {
		return v.onWeightsKey(m, k)
	}
	var cmd tea.Cmd
	switch {
	case key.Matches(k, m.keys.Up):
		v.chosen = max(v.chosen-1, 0)
	case key.Matches(k, m.keys.Down):
		v.chosen = min(v.chosen+1, len(options)-1)
	case key.Matches(k, m.keys.Left):
		v.said = ""
		cmd = options[v.chosen].step(m, -1)
	case key.Matches(k, m.keys.Right) || k.String() == "enter":
		v.said = ""
		cmd = options[v.chosen].step(m, +1)
	case key.Matches(k, m.keys.Dismiss, m.keys.Settings):
		m.screens.close(v)
		return nil
	case key.Matches(k, m.keys.Help):
		m.screens.open(&helpPage{}) // at its top, where the file's problems are
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	case key.Matches(k, m.keys.Suspend):
		return m.suspend()
	}
	w, h := m.look.size()
	v.top = v.settingsLayout(m, w, h).top
	return cmd
}

// editWeights starts editing the weights file, from the one the
// preferences name.
func (v *settingsView) editWeights(m *Model) tea.Cmd {
	if m.evalFixed() {
		v.say(evalFixedText, true)
		return nil
	}
	v.edit = &lineEdit{text: []rune(m.prefs.Weights)}
	v.say("enter keeps the file named, esc the one before; an empty name is the default file.", false)
	return nil
}

// onWeightsKey handles a key while the weights file is edited: enter keeps
// it, esc puts the edit away, and the others edit.
func (v *settingsView) onWeightsKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "enter":
		path := strings.TrimSpace(string(v.edit.text))
		v.edit = nil
		return v.setWeights(m, path)
	case "esc":
		v.edit = nil
		v.say("The weights file is as it was.", false)
		return nil
	}
	v.edit.key(k)
	return nil
}

// onPaste gives pasted text to the weights file being edited, if it is,
// on one line.
func (m *Model) onPaste(msg tea.PasteMsg) {
	if v := m.screens.settings(); v != nil && v.edit != nil {
		v.edit.text = append(v.edit.text, []rune(strings.NewReplacer("\r", "", "\n", "").Replace(msg.Content))...)
	}
}

// setWeights makes path the weights file and saves it; the network in use
// is read again from it.
func (v *settingsView) setWeights(m *Model, path string) tea.Cmd {
	m.prefs.Weights = path // for this game, even if the file cannot be written
	save := m.saveOption("weights", path)
	if m.ai.evalName == ntuple.EvaluatorName || m.ai.opening == ntuple.EvaluatorName {
		return tea.Batch(save, m.ai.openEvaluator(ntuple.EvaluatorName, m.weightsFile(), true))
	}
	return save
}

// settingsWidth is the widest the settings screen runs; labelWidth the
// width of its options' names.
const (
	settingsWidth = 70
	labelWidth    = 10
)

// settingsParts are the lines of the settings screen, laid out for the
// size of the terminal.
type settingsParts struct {
	width int
	list  []string // the options, and the marks of the coach under its line
	top   int      // the first line of the list in sight
	room  int      // how many lines of the list are in sight
	foot  []string // under the list: what the option chosen does, the file's problems, what the last change did
	gaps  bool     // blank lines around the list
}

// settingsLayout lays the settings screen out on a w×h terminal: the whole
// list if it fits, else as much of it as fits, scrolled so that the option
// chosen is in sight; then the lines under it, the first of them dropped
// if even three lines of the list leave no room for them.
func (v *settingsView) settingsLayout(m *Model, w, h int) settingsParts {
	p := settingsParts{width: min(w, settingsWidth)}
	list, at, end := v.settingsList(m, p.width)
	blocks := v.settingsFoot(m, p.width)
	p.list, p.foot = list, slices.Concat(blocks...)
	chrome := 1 + len(v.settingsKeyLines(m, p.width)) // the title and the keys
	if p.gaps = chrome+2+len(list)+len(p.foot) <= h; p.gaps {
		p.room = len(list)
		return p
	}
	over := chrome + min(len(list), 3) + len(p.foot) - h
	for ; over > 0 && len(blocks) > 1; blocks = blocks[1:] { // the first go whole
		over -= len(blocks[0])
	}
	p.foot = slices.Concat(blocks...)
	p.foot = p.foot[min(max(over, 0), len(p.foot)):]
	p.room = max(h-chrome-len(p.foot), 1)
	p.top = min(max(v.top, end-p.room), at) // the option chosen in sight
	p.top = min(max(p.top, 0), max(len(list)-p.room, 0))
	return p
}

// settingsScreen draws the settings screen on a w×h terminal.
func (v *settingsView) settingsScreen(m *Model, w, h int) string {
	p := v.settingsLayout(m, w, h)
	title := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent).Render("2048 · settings")
	lines := []string{title}
	if p.gaps {
		lines = append(lines, "")
	}
	lines = append(lines, p.list[p.top:min(p.top+p.room, len(p.list))]...)
	if p.gaps {
		lines = append(lines, "")
	}
	lines = append(lines, p.foot...)
	lines = append(lines, v.settingsKeyLines(m, p.width)...)
	block := lipgloss.NewStyle().Width(p.width).Render(strings.Join(lines, "\n")) // as wide whatever the option chosen says
	return fitScreen(block, w, h)
}

// settingsKeyLines draws the keys of the settings screen in width columns:
// on one line, or on two where one would drop some.
func (v *settingsView) settingsKeyLines(m *Model, width int) []string {
	keys := v.settingsKeys(m)
	if line := m.look.helpLine(width, keys); !strings.HasSuffix(ansi.Strip(line), "…") {
		return []string{line}
	}
	return []string{m.look.helpLine(width, keys[:2]), m.look.helpLine(width, keys[2:])}
}

// settingsList draws the options in width columns, the coach's marks
// explained under its line; at and end are the lines of the option chosen.
func (v *settingsView) settingsList(m *Model, width int) (lines []string, at, end int) {
	for i, o := range options {
		if i == v.chosen {
			at = len(lines)
		}
		lines = append(lines, v.optionLine(m, o, i == v.chosen, width))
		if o.label() == "Coach" {
			lines = append(lines, v.coachLegend(m, width)...)
		}
		if i == v.chosen {
			end = len(lines)
		}
	}
	return lines, at, end
}

// optionLine draws an option in width columns: its name and its value, the
// one chosen marked, and its value between the signs that it changes (or
// the weights file being edited).
func (v *settingsView) optionLine(m *Model, o option, chosen bool, width int) string {
	room := max(width-2-labelWidth, 1)
	label := fmt.Sprintf("%-*s", labelWidth, o.label())
	if !chosen {
		value := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(ansi.Truncate(o.value(m), room, "…"))
		return "  " + lipgloss.NewStyle().Foreground(m.look.pal.Text).Render(label) + value
	}
	accent := lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Accent)
	var value string
	if edit := v.edit; edit != nil {
		value = edit.view(room, lipgloss.NewStyle().Foreground(m.look.pal.Text), lipgloss.NewStyle().Reverse(true))
	} else {
		value = accent.Render("‹ " + ansi.Truncate(o.value(m), max(room-4, 1), "…") + " ›")
	}
	return accent.Render("▸ "+label) + value
}

// coachLegend explains the coach's marks, indented under its line, in
// width columns.
func (v *settingsView) coachLegend(m *Model, width int) []string {
	var items []string
	for _, v := range []review.Verdict{review.Good, review.Inaccuracy, review.Mistake, review.Blunder, review.Forced} {
		items = append(items, m.look.verdictStyle(v).Render(verdictMarks[v])+" "+m.look.muted(markWord(v)))
	}
	const indent = 4
	wrapped := wrapItems(strings.Join(items, m.look.muted(" · ")), max(width-indent, 1))
	lines := strings.Split(wrapped, "\n")
	for i := range lines {
		lines[i] = strings.Repeat(" ", indent) + lines[i]
	}
	return lines
}

// settingsFoot draws the lines under the list, wrapped to width, in
// blocks: what the option chosen does, the preferences file's problems,
// and what the last change did, the most needed last.
func (v *settingsView) settingsFoot(m *Model, width int) [][]string {
	wrap := func(st lipgloss.Style, s string) []string {
		lines := strings.Split(ansi.Wrap(s, width, "/"), "\n")
		for i, l := range lines {
			lines[i] = st.Render(l)
		}
		return lines
	}
	muted, bad := lipgloss.NewStyle().Foreground(m.look.pal.Muted), lipgloss.NewStyle().Foreground(m.look.pal.Bad)
	foot := [][]string{wrap(muted, options[v.chosen].about(m))}
	switch n := len(m.prefs.Problems); {
	case m.prefs.Broken() != nil && m.prefs.Path() == "":
		foot = append(foot, wrap(bad, "Your settings cannot be read, so no change is kept: it holds for this game ("+
			settings.FirstKey(m.keys.Help)+" says why)."))
	case m.prefs.Broken() != nil:
		foot = append(foot, wrap(bad, filepath.Base(m.prefs.Path())+" cannot be read: nothing is written to it until it is fixed ("+
			settings.FirstKey(m.keys.Help)+" says why)."))
	case n > 0:
		them := "them"
		if n == 1 {
			them = "it"
		}
		foot = append(foot, wrap(bad, fmt.Sprintf("%s (%s shows %s).", m.play.configBadgeText(m), settings.FirstKey(m.keys.Help), them)))
	}
	if v.said != "" {
		st := muted
		if v.bad {
			st = bad
		}
		foot = append(foot, wrap(st, v.said))
	}
	return foot
}

// settingsKeys are the keys of the settings screen, for its last line;
// while the weights file is edited, those that end the edit.
func (v *settingsView) settingsKeys(m *Model) []key.Binding {
	short := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	if v.edit != nil {
		return []key.Binding{short("enter", "keep"), short("esc", "cancel")}
	}
	pair := func(a, b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(a.Keys()...), key.WithHelp(settings.FirstKey(a)+settings.FirstKey(b), desc))
	}
	return []key.Binding{
		pair(m.keys.Up, m.keys.Down, "choose"), pair(m.keys.Left, m.keys.Right, "change"),
		key.NewBinding(key.WithKeys(m.keys.Dismiss.Keys()...), key.WithHelp(settings.FirstKey(m.keys.Dismiss), "back")),
		key.NewBinding(key.WithKeys(m.keys.Help.Keys()...), key.WithHelp(settings.FirstKey(m.keys.Help), "help")),
	}
}

// settingsHelp explains the settings screen and the preferences file, in
// width columns.
func (p *helpPage) settingsHelp(m *Model, width int) string {
	if m.prefs.Path() == "" && m.prefs.Where() != "" { // kept by a server
		return strings.Join([]string{m.look.heading("Settings"), ansi.Wrap(fmt.Sprintf("%s opens the settings: the theme, the coach, "+
			"the animation, the speed of autoplay and the depth. A change takes effect at once and is kept in %s, "+
			"for your next sessions too.", settings.FirstKey(m.keys.Settings), m.prefs.Where()), width, "/")}, "\n")
	}
	path := "config.toml"
	if p := m.prefs.Path(); p != "" {
		path = p
	}
	return strings.Join([]string{m.look.heading("Settings"), ansi.Wrap(fmt.Sprintf("%s opens the settings: the theme, the coach, "+
		"the evaluator the AI scores boards with and its weights file, the animation, the speed of autoplay and the depth. "+
		"A change takes effect at once and is written to %s, your comments kept; a flag on the command line "+
		"overrides the file for one game. The game reads the file again when you change it by hand.",
		settings.FirstKey(m.keys.Settings), path), width, "/")}, "\n")
}

// update handles a key on the settings.
func (v *settingsView) update(m *Model, k tea.KeyPressMsg) tea.Cmd { return v.onSettingsKey(m, k) }

// view draws the settings.
func (v *settingsView) view(m *Model, w, h int) string { return v.settingsScreen(m, w, h) }
