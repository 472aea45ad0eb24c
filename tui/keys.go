package tui

import "charm.land/bubbles/v2/key"

// A KeyMap binds the keys of the game. Moves are the arrow keys only: the
// letters belong to commands, h to the hint and a to autoplay.
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
	Theme                 key.Binding
	Help                  key.Binding
	Quit                  key.Binding
	Dismiss               key.Binding // puts away the warnings
	Yes                   key.Binding // to the question on screen; any other key is no
	KeepGoing             key.Binding // after 2048
}

// DefaultKeyMap returns the keys of the game.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:        key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "move up")),
		Down:      key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "move down")),
		Left:      key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "move left")),
		Right:     key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "move right")),
		Hint:      key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "hint")),
		Play:      key.NewBinding(key.WithKeys("space", "enter"), key.WithHelp("space", "play the hint")),
		Autoplay:  key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "autoplay on/off")),
		Deeper:    key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "search deeper")),
		Shallower: key.NewBinding(key.WithKeys("-", "_"), key.WithHelp("-", "search shallower")),
		AutoDepth: key.NewBinding(key.WithKeys("0"), key.WithHelp("0", "automatic depth")),
		Slower:    key.NewBinding(key.WithKeys("["), key.WithHelp("[", "autoplay slower")),
		Faster:    key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "autoplay faster")),
		Undo:      key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		New:       key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new game")),
		Theme:     key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "next theme")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Dismiss:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "dismiss warnings")),
		Yes:       key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		KeepGoing: key.NewBinding(key.WithKeys("k", "enter", "space"), key.WithHelp("k", "keep going")),
	}
}

// ShortHelp returns the bindings of the one-line help, with descriptions
// short enough for 80 columns. A narrow terminal drops the last ones: help
// and quit come before undo and new game, which the help lists.
func (k KeyMap) ShortHelp() []key.Binding {
	short := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	}
	return []key.Binding{
		key.NewBinding(key.WithKeys("up"), key.WithHelp("←↑↓→", "move")),
		short(k.Hint, "hint"), short(k.Play, "play"), short(k.Autoplay, "auto"),
		short(k.Help, "more"), short(k.Quit, "quit"), short(k.Undo, "undo"), short(k.New, "new"),
	}
}

// FullHelp returns the bindings of the full help, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Undo, k.New},
		{k.Hint, k.Play, k.Autoplay, k.Slower, k.Faster},
		{k.Deeper, k.Shallower, k.AutoDepth, k.Theme, k.Help, k.Dismiss, k.Quit},
	}
}
