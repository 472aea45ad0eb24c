package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
)

// gameScreen draws a finished game opened from the list of the statistics
// screen: its last board, and its figures beside or under it.
func (m *Model) gameScreen(w, h int, g history.Game) string {
	facts := m.gameFacts(g, panelWidth)
	board := renderBoard(g.Board, m.pal, boardFor(w-1-panelWidth, h-statsChrome-1), flash{})
	body := lipgloss.JoinHorizontal(lipgloss.Top, board, " ", strings.Join(facts, "\n"))
	if lipgloss.Width(body) > w {
		body = lipgloss.JoinVertical(lipgloss.Left, board, strings.Join(facts, "\n"))
	}
	title := m.accent("2048 · the game of " + g.Ended.Format("2006-01-02 15:04"))
	keys := m.muted(ansi.Truncate(first(m.keys.Dismiss)+" back to the list", w, "…"))
	screen := lipgloss.JoinVertical(lipgloss.Left, title, "", body, "", keys)
	if lipgloss.Height(screen) > h { // the keys first: the player must see the way back
		screen = lipgloss.JoinVertical(lipgloss.Left, keys, title, body)
	}
	return fitScreen(screen, w, h)
}

// boardFor returns the largest board that fits in w×h, or the small one
// if none does.
func boardFor(w, h int) boardSize {
	for rows := maxGrowth; rows >= minGrowth; rows-- {
		if b := grownBoard(rows); b.width() <= w && b.height() <= h {
			return b
		}
	}
	if largeBoard.width() <= w && largeBoard.height() <= h {
		return largeBoard
	}
	return smallBoard
}

// gameFacts are the figures of a finished game, in width columns.
func (m *Model) gameFacts(g history.Game, width int) []string {
	moves := figures.Count(len(g.Moves))
	if ai, known := g.AIMoves(); known && ai > 0 {
		moves += fmt.Sprintf(" (%s by the AI)", figures.Count(ai))
	}
	games, _ := m.listed()
	return []string{
		m.field("SCORE", figures.Count(g.Score), width),
		m.field("TILE", strconv.Itoa(g.HighestTile()), width),
		m.field("MOVES", moves, width),
		m.field("TIME", playTime(g.Played), width),
		m.field("PLAYED", g.How().String(), width),
		m.field("RANK", fmt.Sprintf("%s of %s", ordinal(history.Rank(games, g.Score)), figures.Count(len(games))), width),
		m.field("SEED", strconv.FormatUint(g.Seed, 10), width),
	}
}
