package accessible

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/figures"
)

// boardKey says the board again. It is the key of the leaderboards on a
// server; this mode plays the local game only, which has none. A player
// who binds it to an action of the game keeps it for that action.
const boardKey = "b"

// onKey answers a key: those of the game go to its model, those of its
// screens are answered here, in lines.
func (f *front) onKey(k tea.KeyPressMsg) tea.Cmd {
	st := f.s.State()
	ks := f.keys
	switch {
	case key.Matches(k, ks.Quit):
		return f.forward(k, true)
	case st.Autoplay && !key.Matches(k, ks.Slower, ks.Faster, ks.Deeper, ks.Shallower, ks.AutoDepth):
		return f.forward(pressOf(ks.Autoplay), true) // any key stops it
	case st.Question != tui.NoQuestion:
		return f.forward(k, true) // the answer, or no
	case f.last.practice != nil:
		return f.onPracticeKey(k, f.last.practice)
	}
	for d := range engine.Direction(engine.NumDirections) {
		if key.Matches(k, ks.Move(d)) {
			return f.move(k, d)
		}
	}
	if key.Matches(k, ks.Hint) {
		return f.hint(k)
	}
	if key.Matches(k, ks.Dismiss) && len(st.Warnings) == 0 {
		f.out.say("No warning to put away.")
		return nil
	}
	if key.Matches(k, f.gameKeys()...) {
		return f.forward(k, true)
	}
	if cmd, ok := f.onScreenKey(k); ok {
		return cmd
	}
	f.out.say(keyText(k) + " does nothing here. Press " + keyName(ks.Help) + " for the keys.")
	return nil
}

// move plays d, or says that nothing moves that way, or that the game is
// over.
func (f *front) move(k tea.KeyPressMsg, d engine.Direction) tea.Cmd {
	before := f.last
	cmd := f.forward(k, true)
	switch {
	case f.last.id != before.id || f.last.moves != before.moves:
	case f.last.over:
		f.out.say(f.overLines(f.s.State())...)
	default:
		f.out.say(capital(d.String()) + ": nothing moves that way.")
	}
	return cmd
}

// hint asks the AI for its hint, or says again the one it gave for the
// board.
func (f *front) hint(k tea.KeyPressMsg) tea.Cmd {
	before := f.last
	cmd := f.forward(k, true)
	switch st := f.s.State(); {
	case st.Thinking && before.thinking:
		f.out.say("Still thinking.")
	case st.Hint != nil && st.Hint == before.hint:
		f.out.say(hintLines(*st.Hint, st.Points)...)
	}
	return cmd
}

// gameKeys are the keys the game's model answers itself, besides the moves
// and quit.
func (f *front) gameKeys() []key.Binding {
	ks := f.keys
	return []key.Binding{ks.Hint, ks.Play, ks.Autoplay, ks.Undo, ks.New, ks.Daily, ks.Deeper, ks.Shallower, ks.AutoDepth,
		ks.Slower, ks.Faster, ks.Dismiss, ks.Practice}
}

// onScreenKey answers the keys that open a screen of the game, and the one
// that says the board; ok is false for any other key.
func (f *front) onScreenKey(k tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	ks := f.keys
	switch {
	case key.Matches(k, ks.Stats):
		f.out.say(statsLines(f.s.Stats())...)
	case key.Matches(k, ks.Help):
		f.out.say(f.helpLines()...)
	case key.Matches(k, ks.Review):
		return f.startReview(), true
	case key.Matches(k, ks.Theme):
		f.out.say("Themes are colours, and this mode has none.")
	case key.Matches(k, ks.Settings):
		f.out.say("The settings screen is not in this mode: the settings are in config.toml, or the game without -accessible changes them.")
	case key.Matches(k, ks.Race):
		f.out.say("Races are not in this mode: play them in the game without -accessible.")
	case key.Matches(k, ks.Suspend):
		f.out.say("This mode does not suspend: press " + keyName(ks.Quit) + " to quit, and the game resumes where you left it.")
	case k.String() == boardKey:
		st := f.s.State()
		f.out.say(append([]string{"After " + figures.Quantity(st.Game.Game.MoveCount(), "move") + ":"}, f.whole(st)...)...)
	case key.Matches(k, ks.Leaderboard):
		f.out.say("Leaderboards are 2048 serve's: this mode plays the local game only.")
	default:
		return nil, false
	}
	return nil, true
}

// boardKeyFree reports whether boardKey says the board: no other action
// of the player's takes it.
func (f *front) boardKeyFree() bool {
	k := keyPress(boardKey)
	ks := f.keys
	all := append(f.gameKeys(), ks.Up, ks.Down, ks.Left, ks.Right, ks.Quit, ks.Stats, ks.Help, ks.Review, ks.Theme,
		ks.Settings, ks.Race, ks.Suspend)
	return !key.Matches(k, all...)
}

// pressOf returns a press of the first key of b that matches it.
func pressOf(b key.Binding) tea.KeyPressMsg {
	for _, name := range b.Keys() {
		if k := keyPress(name); key.Matches(k, b) {
			return k
		}
	}
	return tea.KeyPressMsg{}
}

// namedKeys are the keys with names, as Bubble Tea names them.
var namedKeys = map[string]rune{
	"space": tea.KeySpace, "enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape, "backspace": tea.KeyBackspace,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "home": tea.KeyHome, "end": tea.KeyEnd,
}

// keyPress returns the press of the key name, as a binding names it: a
// character, a named key, or ctrl+ one of those.
func keyPress(name string) tea.KeyPressMsg {
	var mod tea.KeyMod
	if rest, ok := strings.CutPrefix(name, "ctrl+"); ok {
		mod, name = tea.ModCtrl, rest
	}
	if code, ok := namedKeys[name]; ok {
		k := tea.KeyPressMsg{Code: code, Mod: mod}
		if code == tea.KeySpace && mod == 0 {
			k.Text = " "
		}
		return k
	}
	r, _ := utf8.DecodeRuneInString(name)
	if mod != 0 {
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	return tea.KeyPressMsg{Code: r, Text: name}
}

// keyText says the key k as it was pressed.
func keyText(k tea.KeyPressMsg) string {
	s := k.String()
	switch s {
	case "up", "down", "left", "right":
		return s + " arrow"
	}
	return s
}

// helpLines lists the keys, an action a line.
func (f *front) helpLines() []string {
	ks := f.keys
	lines := []string{"The keys, an action a line:"}
	for _, b := range []key.Binding{ks.Up, ks.Down, ks.Left, ks.Right, ks.Hint, ks.Play, ks.Autoplay, ks.Slower, ks.Faster,
		ks.Deeper, ks.Shallower, ks.AutoDepth, ks.Undo, ks.New, ks.Daily, ks.Stats, ks.Review, ks.Practice} {
		lines = append(lines, bindingLine(b))
	}
	if f.boardKeyFree() {
		lines = append(lines, boardKey+": hear the board again.")
	}
	lines = append(lines, bindingLine(ks.Help), bindingLine(ks.Dismiss), bindingLine(ks.Quit),
		"Not in this mode: the theme, the settings, races and suspending; leaderboards are 2048 serve's.",
		"While the AI plays, any key but the pace and depth keys stops it.")
	return lines
}

// bindingLine says the keys of b and what they do: "h: hint."
func bindingLine(b key.Binding) string {
	names := make([]string, len(b.Keys()))
	for i, k := range b.Keys() {
		names[i] = keyText(keyPress(k))
	}
	return strings.Join(names, " or ") + ": " + b.Help().Desc + "."
}

// onPracticeKey answers a key on the practice's screen: the moves answer
// the puzzle, the new game's and the play keys go to the next one, the
// dismiss and quit keys back to the game, all as on the screen; the help
// and the board's key are said here.
func (f *front) onPracticeKey(k tea.KeyPressMsg, p *practiceHeard) tea.Cmd {
	ks := f.keys
	switch {
	case key.Matches(k, ks.Up, ks.Down, ks.Left, ks.Right, ks.New, ks.Play, ks.Dismiss, ks.Quit):
		return f.forward(k, true)
	case key.Matches(k, ks.Help):
		f.out.say("The practice's keys: the arrows answer; " + keyName(ks.New) + " or " + keyName(ks.Play) +
			" go to the next puzzle; " + keyName(ks.Dismiss) + " goes back to your game; " + boardKey + " says the board again.")
	case k.String() == boardKey:
		f.out.say(boardLines(p.board)...)
	default:
		f.out.say(keyText(k) + " does nothing in the practice. Press " + keyName(ks.Help) + " for its keys.")
	}
	return nil
}
