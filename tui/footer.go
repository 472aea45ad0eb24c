package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/term2048/2048/tui/settings"
)

// This file draws the last line of the screens with a board: the keys that
// act on what is on screen.

// drawHelpLine draws the one-line help of keys in width columns as bubbles'
// help draws it (each key and what it does, in its styles, between its
// separators), with the keys that fit, and an ellipsis if some do not. It
// lays the line out itself, in one pass: bubbles' help (v2.2.1) lets the
// line overflow when the ellipsis does not fit after the last key that
// does, and drawing it at narrower widths until it fits took four passes
// at 80 columns. A terminal too narrow for the first key clips it.
func (l *look) drawHelpLine(width int, keys []key.Binding) string {
	h := l.keyHelp
	sep := h.Styles.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	ellipsis := " " + h.Styles.Ellipsis.Inline(true).Render(h.Ellipsis)
	var b strings.Builder
	used := 0
	for i, k := range keys {
		if !k.Enabled() {
			continue
		}
		item := h.Styles.ShortKey.Inline(true).Render(k.Help().Key) + " " + h.Styles.ShortDesc.Inline(true).Render(k.Help().Desc)
		if used > 0 {
			item = sep + item
		}
		w, room := lipgloss.Width(item), width
		if i < len(keys)-1 {
			room -= lipgloss.Width(ellipsis) // for the ellipsis, should the next key not fit
		}
		if used > 0 && used+w > room {
			b.WriteString(ellipsis)
			break
		}
		b.WriteString(item)
		used += w
	}
	return lipgloss.NewStyle().MaxWidth(width).Render(b.String())
}

// footer draws the last line of the game in width columns: the badge of
// the preferences file's problems while it has some, and the keys that fit
// beside it.
func (ps *playScreen) footer(m *Model, width int) string {
	badge := ps.configBadge(m)
	if badge == "" {
		return m.look.helpLine(width, ps.shortHelp(m))
	}
	rest := width - lipgloss.Width(badge) - 1
	if rest < lipgloss.Width(settings.FirstKey(m.keys.Help))+5 { // not even the key of the help, which says more
		return ansi.Truncate(badge, width, "…")
	}
	keys := slices.DeleteFunc(ps.shortHelp(m), func(b key.Binding) bool { return b.Help().Key == settings.FirstKey(m.keys.Help) })
	more := key.NewBinding(key.WithKeys(m.keys.Help.Keys()...), key.WithHelp(settings.FirstKey(m.keys.Help), "more"))
	return badge + " " + m.look.helpLine(rest, append([]key.Binding{more}, keys...)) // the help says what the problems are
}

// shortHelp returns the keys of the one-line help that act on the game as
// it is (see acts), the headline commands first; while a new game, or
// leaving a race, is asked about, the answers; while a race's code is
// typed, the keys that end it.
func (ps *playScreen) shortHelp(m *Model) []key.Binding {
	if m.race.typing {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", m.race.prompt().Enter)),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "no race")),
		}
	}
	if ps.asking.leaving() || m.race.leaving {
		return []key.Binding{
			key.NewBinding(key.WithKeys(m.keys.Yes.Keys()...), key.WithHelp(settings.FirstKey(m.keys.Yes), "yes")),
			key.NewBinding(key.WithKeys("any"), key.WithHelp("any other key", "no")), // shown, never matched
		}
	}
	return m.keys.ShortHelpFor(func(name string) bool { return ps.acts(m, name) })
}

// acts reports whether the key of the action name (see shortActions) does
// something on the game as it is: no hint, move or autoplay once no move
// is left, no hint while the AI thinks or when its answer is on screen, no
// review before the first move, no undo at the start, no hint, autoplay,
// undo, new game or daily challenge in a race, and no race but on a server.
func (ps *playScreen) acts(m *Model, name string) bool {
	g := m.cur.Game
	playing := g.Board().HasMove()
	switch name {
	case "hint", "autoplay", "play", "new", "daily":
		if m.race.running(m) {
			return false
		}
	}
	switch name {
	case "hint":
		return playing && !m.ai.autoplay && m.ai.thinking == idle && (m.ai.hint == nil || m.ai.hint.Depth != m.ai.shownDepth(m))
	case "autoplay", "move":
		return playing
	case "play":
		return playing && !m.ai.autoplay
	case "review":
		return g.MoveCount() > 0
	case "undo":
		return g.CanUndo() && !m.race.running(m)
	case "race":
		return m.race.hub != nil
	case "leaderboard":
		return m.ranks.src != nil
	case "dismiss":
		return len(m.warnings) > 0
	case "keep_going":
		return ps.asking == wonKeepGoing
	}
	return true
}
