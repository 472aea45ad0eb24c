package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
)

// This file draws the list of games of the statistics screen.

// A listColumn is a column of the list of games: its heading, its width
// (the last takes what it needs), and its value for a game.
type listColumn struct {
	head  string
	width int
	value func(g history.Record) string
}

// listColumns are the columns of the list, in order: a narrow screen
// shows the first ones that fit. The date is the game's end, as the
// player saw it then.
var listColumns = []listColumn{
	{"DATE", 16, func(g history.Record) string { return g.Ended.Format("2006-01-02 15:04") }},
	{"SCORE", 8, func(g history.Record) string { return figures.Count(g.Score) }},
	{"TILE", 5, func(g history.Record) string { return strconv.Itoa(g.HighestTile()) }},
	{"MOVES", 6, func(g history.Record) string { return figures.Count(g.MoveCount) }},
	{"TIME", 8, func(g history.Record) string { return figures.Clock(g.Played) }},
	{"UNDOS", 5, func(g history.Record) string { return figures.Count(g.Undos) }},
	{"HOW", 15, howText},
}

// howText says how a game was played, as the list writes it: "by hand",
// "hints", "autoplay", and ", set up" after a game begun from a position.
func howText(g history.Record) string {
	how := map[review.Mover]string{review.ByPlayer: "by hand", review.ByHint: "hints", review.ByAutoplay: "autoplay"}[g.How()]
	if g.SetUp {
		how += ", set up"
	}
	return how
}

// listFit returns how many of listColumns fit in width columns, the mark
// of the game chosen in front of them; the first two at least.
func listFit(width int) int {
	used, n := 2, 0
	for i, c := range listColumns {
		if i > 0 {
			used += 2
		}
		if used += c.width; used > width && n >= 2 {
			break
		}
		n++
	}
	return n
}

// listCells lays out the cells of a line of the list in the first of
// listColumns: the date on the left of its column, the figures on the
// right, the last as long as it is.
func listCells(cells []string) string {
	var sb strings.Builder
	for i, c := range cells {
		switch col := listColumns[i]; {
		case i == 0:
			fmt.Fprintf(&sb, "%-*s", col.width, c)
		case i == len(listColumns)-1:
			sb.WriteString("  " + c)
		default:
			fmt.Fprintf(&sb, "  %*s", col.width, c)
		}
	}
	return sb.String()
}

// listHeader heads the columns of the list that fit in width columns.
func listHeader(width int) string {
	n := listFit(width)
	heads := make([]string, n)
	for i := range heads {
		heads[i] = listColumns[i].head
	}
	return ansi.Truncate("  "+listCells(heads), width, "…")
}

// listRow draws a game of the list in width columns, marked if chosen;
// the game on screen is "this game".
func (v *statsView) listRow(m *Model, g history.Record, onScreen, chosen bool, width int) string {
	n := listFit(width)
	cells := make([]string, n)
	for i := range cells {
		cells[i] = listColumns[i].value(g)
	}
	if onScreen {
		cells[0] = "this game"
	}
	row := ansi.Truncate(listCells(cells), width-2, "…")
	if chosen {
		return m.look.accent("▸ ") + lipgloss.NewStyle().Bold(true).Foreground(m.look.pal.Text).Render(row)
	}
	return "  " + row
}
