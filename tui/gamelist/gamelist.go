// Package gamelist lays out the list of the player's games as the
// statistics screen shows it: a column each of date, score, tile, moves,
// time, undos and how the game was played, as many as fit the width, the
// date on the left of its column and the figures on the right.
package gamelist

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
)

// A column is a column of the list of games: its heading, its width
// (the last takes what it needs), and its value for a game.
type column struct {
	head  string
	width int
	value func(g history.Record) string
}

// columns are the columns of the list, in order: a narrow screen
// shows the first ones that fit. The date is the game's end, as the
// player saw it then.
var columns = []column{
	{"DATE", 16, func(g history.Record) string { return g.Ended.Format("2006-01-02 15:04") }},
	{"SCORE", 8, func(g history.Record) string { return figures.Count(g.Score) }},
	{"TILE", 5, func(g history.Record) string { return strconv.Itoa(g.HighestTile()) }},
	{"MOVES", 6, func(g history.Record) string { return figures.Count(g.MoveCount) }},
	{"TIME", 8, func(g history.Record) string { return figures.Clock(g.Played) }},
	{"UNDOS", 5, func(g history.Record) string { return figures.Count(g.Undos) }},
	{"HOW", 15, how},
}

// how says how a game was played, as the list writes it: "by hand",
// "hints", "autoplay", and ", set up" after a game begun from a position.
func how(g history.Record) string {
	how := map[review.Mover]string{review.ByPlayer: "by hand", review.ByHint: "hints", review.ByAutoplay: "autoplay"}[g.How()]
	if g.SetUp {
		how += ", set up"
	}
	return how
}

// fit returns how many of columns fit in width columns, the mark
// of the game chosen in front of them; the first two at least.
func fit(width int) int {
	used, n := 2, 0
	for i, c := range columns {
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

// cells lays out values, the cells of a line of the list in the first of
// columns: the date on the left of its column, the figures on the
// right, the last as long as it is.
func cells(values []string) string {
	var sb strings.Builder
	for i, c := range values {
		switch col := columns[i]; {
		case i == 0:
			fmt.Fprintf(&sb, "%-*s", col.width, c)
		case i == len(columns)-1:
			sb.WriteString("  " + c)
		default:
			fmt.Fprintf(&sb, "  %*s", col.width, c)
		}
	}
	return sb.String()
}

// Header heads the columns of the list that fit in width columns.
func Header(width int) string {
	n := fit(width)
	heads := make([]string, n)
	for i := range heads {
		heads[i] = columns[i].head
	}
	return ansi.Truncate("  "+cells(heads), width, "…")
}

// Row writes game g as a line of the list, in width columns less the two
// of the mark in front of it: "this game" in place of the date for the
// game on screen.
func Row(g history.Record, onScreen bool, width int) string {
	n := fit(width)
	values := make([]string, n)
	for i := range values {
		values[i] = columns[i].value(g)
	}
	if onScreen {
		values[0] = "this game"
	}
	return ansi.Truncate(cells(values), width-2, "…")
}
