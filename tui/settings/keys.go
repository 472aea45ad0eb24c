package settings

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/term2048/2048/engine"
)

// A KeyMap binds the keys of the game. By default moves are the arrow keys
// only: the letters belong to commands, h to the hint and a to autoplay.
// The preferences file can bind any keys to any action (see actions).
type KeyMap struct {
	Up, Down, Left, Right key.Binding
	Hint                  key.Binding
	Play                  key.Binding // play the hinted move
	Autoplay              key.Binding
	Deeper, Shallower     key.Binding
	AutoDepth             key.Binding
	Slower, Faster        key.Binding
	Undo                  key.Binding
	New                   key.Binding
	Daily                 key.Binding // a new game of today's daily challenge
	Race                  key.Binding // race a friend (2048 serve) or the AI (the local game)
	Theme                 key.Binding
	Stats                 key.Binding // the statistics screen
	Leaderboard           key.Binding // the leaderboards (2048 serve only)
	Settings              key.Binding // the settings screen
	Review                key.Binding // the replay of the game, reviewed
	Practice              key.Binding // the practice: puzzles from the player's games
	Help                  key.Binding
	Quit                  key.Binding // ctrl+c too, always
	Dismiss               key.Binding // puts away the warnings
	Suspend               key.Binding // back to the shell; fg resumes
	Yes                   key.Binding // to the question on screen; any other key is no
	KeepGoing             key.Binding // after 2048

	// The keys of the replay of a game. Slower and Faster set the
	// pace of its autoplay too, Help, Dismiss, Quit and Suspend act there
	// too; Dismiss and Quit leave it.
	ReplayBack, ReplayForward key.Binding // a move back, a move on
	ReplayStart, ReplayEnd    key.Binding
	NextMistake, PrevMistake  key.Binding
	ReplayPlay                key.Binding // the replay plays itself, or stops
	TakeOver                  key.Binding // play on from the replay's position, in a new game
}

// An action is what a key does. Its name is the one the preferences file
// binds keys to.
type action struct {
	name    string
	keys    []string // by default
	desc    string   // in the help
	binding func(*KeyMap) *key.Binding
}

// actions are every action, in the order of the help and of the template
// of the preferences file.
var actions = []action{
	{"up", []string{"up"}, "move up", func(k *KeyMap) *key.Binding { return &k.Up }},
	{"down", []string{"down"}, "move down", func(k *KeyMap) *key.Binding { return &k.Down }},
	{"left", []string{"left"}, "move left", func(k *KeyMap) *key.Binding { return &k.Left }},
	{"right", []string{"right"}, "move right", func(k *KeyMap) *key.Binding { return &k.Right }},
	{"undo", []string{"u"}, "undo", func(k *KeyMap) *key.Binding { return &k.Undo }},
	{"new", []string{"n"}, "new game", func(k *KeyMap) *key.Binding { return &k.New }},
	{"daily", []string{"c"}, "daily challenge", func(k *KeyMap) *key.Binding { return &k.Daily }},
	{"race", []string{"v"}, "race a friend (2048 serve) or the AI", func(k *KeyMap) *key.Binding { return &k.Race }},
	{"hint", []string{"h"}, "hint", func(k *KeyMap) *key.Binding { return &k.Hint }},
	{"play", []string{"space", "enter"}, "play the hint", func(k *KeyMap) *key.Binding { return &k.Play }},
	{"autoplay", []string{"a"}, "autoplay on/off", func(k *KeyMap) *key.Binding { return &k.Autoplay }},
	{"slower", []string{"["}, "autoplay slower", func(k *KeyMap) *key.Binding { return &k.Slower }},
	{"faster", []string{"]"}, "autoplay faster", func(k *KeyMap) *key.Binding { return &k.Faster }},
	{"deeper", []string{"+", "="}, "search deeper", func(k *KeyMap) *key.Binding { return &k.Deeper }},
	{"shallower", []string{"-", "_"}, "search shallower", func(k *KeyMap) *key.Binding { return &k.Shallower }},
	{"auto_depth", []string{"0"}, "automatic depth", func(k *KeyMap) *key.Binding { return &k.AutoDepth }},
	{"theme", []string{"t"}, "next theme", func(k *KeyMap) *key.Binding { return &k.Theme }},
	{"stats", []string{"s", "tab"}, "statistics", func(k *KeyMap) *key.Binding { return &k.Stats }},
	{"leaderboard", []string{"b"}, "leaderboards (serve)", func(k *KeyMap) *key.Binding { return &k.Leaderboard }},
	{"settings", []string{"o"}, "settings", func(k *KeyMap) *key.Binding { return &k.Settings }},
	{"review", []string{"r"}, "review the game", func(k *KeyMap) *key.Binding { return &k.Review }},
	{"practice", []string{"p"}, "practice: puzzles", func(k *KeyMap) *key.Binding { return &k.Practice }},
	{"help", []string{"?"}, "help", func(k *KeyMap) *key.Binding { return &k.Help }},
	{"dismiss", []string{"esc"}, "dismiss warnings", func(k *KeyMap) *key.Binding { return &k.Dismiss }},
	{"suspend", []string{"ctrl+z"}, "suspend (fg resumes)", func(k *KeyMap) *key.Binding { return &k.Suspend }},
	{"quit", []string{"q"}, "quit", func(k *KeyMap) *key.Binding { return &k.Quit }},
	{"yes", []string{"y", "Y"}, "yes, to a question", func(k *KeyMap) *key.Binding { return &k.Yes }},
	{"keep_going", []string{"k", "enter", "space"}, "keep going after 2048", func(k *KeyMap) *key.Binding { return &k.KeepGoing }},
	{"replay_back", []string{"left"}, "replay: step back", func(k *KeyMap) *key.Binding { return &k.ReplayBack }},
	{"replay_forward", []string{"right"}, "replay: step on", func(k *KeyMap) *key.Binding { return &k.ReplayForward }},
	{"replay_start", []string{"home", "g"}, "replay: to the start", func(k *KeyMap) *key.Binding { return &k.ReplayStart }},
	{"replay_end", []string{"end", "G"}, "replay: to the end", func(k *KeyMap) *key.Binding { return &k.ReplayEnd }},
	{"next_mistake", []string{"down", "n"}, "replay: next slip", func(k *KeyMap) *key.Binding { return &k.NextMistake }},
	{"previous_mistake", []string{"up", "p"}, "replay: prev. slip", func(k *KeyMap) *key.Binding { return &k.PrevMistake }},
	{"replay_play", []string{"space", "a"}, "replay: play, pause", func(k *KeyMap) *key.Binding { return &k.ReplayPlay }},
	{"take_over", []string{"enter"}, "replay: take over", func(k *KeyMap) *key.Binding { return &k.TakeOver }},
}

// alwaysQuits is the key that quits whatever the preferences say, so that
// no file can leave a player without a way out.
const alwaysQuits = "ctrl+c"

// DefaultKeyMap returns the keys of the game.
func DefaultKeyMap() KeyMap { return keyMapOf(nil) }

// keyMapOf returns the key map that binds each action to the keys bound
// gives it, or to its default keys.
func keyMapOf(bound map[string][]string) KeyMap {
	var k KeyMap
	for _, a := range actions {
		keys, ok := bound[a.name]
		if !ok {
			keys = a.keys
		}
		if len(keys) == 0 { // a keyless action, its keys taken: off, and out of the help
			*a.binding(&k) = key.NewBinding(key.WithHelp("", a.desc), key.WithDisabled())
			continue
		}
		help := make([]string, len(keys))
		for i, s := range keys {
			help[i] = keyLabel(s)
		}
		if a.name == "quit" && !slices.Contains(keys, alwaysQuits) {
			keys = append(keys[:len(keys):len(keys)], alwaysQuits)
		}
		*a.binding(&k) = key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(help, " "), a.desc))
	}
	return k
}

// FirstKey returns the label of b's first key, for a one-line help: "↑"
// for a binding of up and k.
func FirstKey(b key.Binding) string { return strings.Fields(b.Help().Key)[0] }

// keyLabel returns how the key named name is shown: the arrow keys as
// arrows.
func keyLabel(name string) string {
	switch name {
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "left":
		return "←"
	case "right":
		return "→"
	}
	return name
}

// shortActions are the actions of the one-line help, in its order, each
// with its word there: the headline commands first (hint, autoplay, new
// game, review, statistics, help and quit), then the others, which a
// narrow terminal drops and the help lists. "move" stands for the four
// moves.
var shortActions = []struct{ name, desc string }{
	{"hint", "hint"}, {"autoplay", "auto"}, {"new", "new"}, {"review", "review"}, {"stats", "stats"}, {"leaderboard", "ranks"},
	{"help", "more"}, {"quit", "quit"},
	{"dismiss", "dismiss"}, {"keep_going", "keep going"}, {"move", "move"}, {"play", "play"}, {"undo", "undo"},
	{"race", "race"},
}

// ShortHelp returns the bindings of the one-line help, with descriptions
// short enough for 80 columns and each action's first key: the headline
// commands first. The keys of a moment (esc for the warnings, k after
// 2048) are left out: the game adds them when they act; so is the race's,
// which only a game of 2048 serve has.
func (k KeyMap) ShortHelp() []key.Binding {
	return k.ShortHelpFor(func(name string) bool { return name != "dismiss" && name != "keep_going" && name != "race" })
}

// ShortHelpFor returns the bindings of the one-line help whose action acts
// reports true for, in the order of ShortHelp. An action is named as the
// preferences file names it ("hint", "keep_going"); "move" stands for the
// four moves.
func (k KeyMap) ShortHelpFor(acts func(name string) bool) []key.Binding {
	var out []key.Binding
	for _, s := range shortActions {
		if !acts(s.name) {
			continue
		}
		if s.name == "move" {
			out = append(out, key.NewBinding(key.WithKeys(k.Up.Keys()...), key.WithHelp(k.moveLabel(), s.desc)))
			continue
		}
		i := slices.IndexFunc(actions, func(a action) bool { return a.name == s.name })
		b := *actions[i].binding(&k)
		out = append(out, key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(FirstKey(b), s.desc)))
	}
	return out
}

// ReplayHelp returns the bindings of the one-line help of the replay, the
// most needed first, the way back among them: a narrow terminal drops the
// last ones.
func (k KeyMap) ReplayHelp() []key.Binding {
	pair := func(a, b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(append(a.Keys(), b.Keys()...)...), key.WithHelp(FirstKey(a)+" "+FirstKey(b), desc))
	}
	short := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(FirstKey(b), desc))
	}
	return []key.Binding{
		pair(k.ReplayBack, k.ReplayForward, "step"), short(k.Dismiss, "back"), pair(k.NextMistake, k.PrevMistake, "slips"),
		short(k.ReplayPlay, "play"), short(k.Help, "more"),
		pair(k.ReplayStart, k.ReplayEnd, "start/end"), short(k.TakeOver, "play from here"), pair(k.Slower, k.Faster, "speed"),
	}
}

// Move returns the binding of the move toward d.
func (k KeyMap) Move(d engine.Direction) key.Binding {
	return [engine.NumDirections]key.Binding{engine.Up: k.Up, engine.Down: k.Down, engine.Left: k.Left, engine.Right: k.Right}[d]
}

// moveLabel labels the four moves together, in the order left, up, down,
// right: their arrows, then their letters if each move has one
// ("←↑↓→ hkjl"), or else their first keys.
func (k KeyMap) moveLabel() string {
	var arrows, letters, firsts []string
	for _, b := range []key.Binding{k.Left, k.Up, k.Down, k.Right} {
		labels := strings.Fields(b.Help().Key)
		firsts = append(firsts, labels[0])
		for i, name := range b.Keys() {
			switch {
			case name == "left" || name == "up" || name == "down" || name == "right":
				arrows = append(arrows, labels[i])
			case len([]rune(name)) == 1:
				letters = append(letters, name)
			}
		}
	}
	var parts []string
	if len(arrows) == 4 {
		parts = append(parts, strings.Join(arrows, ""))
	}
	if len(letters) == 4 {
		parts = append(parts, strings.Join(letters, ""))
	}
	if len(parts) == 0 {
		return strings.Join(firsts, " ")
	}
	return strings.Join(parts, " ")
}

// FullHelp returns the bindings of the full help, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	all := make([]key.Binding, len(actions))
	for i, a := range actions {
		all[i] = *a.binding(&k)
	}
	return [][]key.Binding{all}
}
