package tui

import (
	"fmt"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/settings"
)

// This file holds the moments of a game, shown over the board: 2048 made,
// a tile never made before, and the summary at the end.

// A banner is a moment shown over the board for bannerTime, or until a
// key: play goes on under it, and the key acts as well.
type banner struct {
	id    int
	title string   // the moment: "You made 2048!"
	lines []string // what follows it
}

// bannerTime is how long a banner stays without a key.
const bannerTime = 3 * time.Second

// bannerDoneMsg takes away the banner it names.
type bannerDoneMsg struct{ id int }

// showBanner puts a banner over the board and returns the command that
// takes it away.
func (ps *playScreen) showBanner(title string, lines ...string) tea.Cmd {
	id := 1
	if ps.banner != nil {
		id = ps.banner.id + 1
	}
	ps.banner = &banner{id: id, title: title, lines: lines}
	return tea.Tick(bannerTime, func(time.Time) tea.Msg { return bannerDoneMsg{id} })
}

// onBannerDone takes the banner away, if it is still the one the message
// names.
func (ps *playScreen) onBannerDone(msg bannerDoneMsg) {
	if ps.banner != nil && ps.banner.id == msg.id {
		ps.banner = nil
	}
}

// celebrate marks the moments of the move just played on before: 2048
// made, for the first time in the game or again after undoing below it (a
// question by hand; a banner while the AI plays on), or a tile from 4096
// up never made in any game before.
func (ps *playScreen) celebrate(m *Model, before engine.Board) tea.Cmd {
	if m.cur.Game.Won() && !m.cur.WinSeen {
		m.cur.WinSeen = true
		if !m.ai.autoplay {
			ps.asking = wonKeepGoing
			return nil
		}
		lines := append(ps.firstWin(m), "The AI made it, and plays on: "+settings.FirstKey(m.keys.Autoplay)+" takes over.")
		return ps.showBanner("You made 2048!", lines...)
	}
	if r := m.firstTile(before); r > engine.WinRank {
		return ps.showBanner("Your first "+strconv.Itoa(engine.TileValue(r))+"!", "No game of yours made one before.")
	}
	return nil
}

// firstWin says that the 2048 on the board is the player's first, if no
// game of the history made one.
func (ps *playScreen) firstWin(m *Model) []string {
	if s := m.past.summary; s.Games > 0 && s.HighestTile < 2048 {
		return []string{"Your first, in " + figures.Count(s.Games+1) + " games."}
	}
	return nil
}

// wonLines are the lines of the banner of 2048 made by hand, which asks
// whether to keep going.
func (ps *playScreen) wonLines(m *Model) (string, []string) {
	keys := fmt.Sprintf("%s keep going · %s new game", settings.FirstKey(m.keys.KeepGoing), settings.FirstKey(m.keys.New))
	return "You made 2048!", append(ps.firstWin(m), keys)
}

// overLines are the lines of the game-over summary: the game's figures,
// its records, its place among the player's games, and the keys.
func (ps *playScreen) overLines(m *Model) (string, []string) {
	g := m.cur.Game
	moves := figures.Quantity(g.MoveCount(), "move")
	if m.cur.Undos > 0 {
		moves += " · " + figures.Undos(m.cur.Undos)
	}
	lines := []string{
		fmt.Sprintf("%s points · tile %d", figures.Count(g.Score()), g.HighestTile()),
		fmt.Sprintf("%s · %s", moves, figures.PlayTime(m.cur.Played)),
	}
	s := m.past.summary // the other games: this one has no line yet
	if line := ps.dailyLine(m); line != "" {
		lines = append(lines, line)
	}
	if line := m.ranks.rankLine(m); line != "" {
		lines = append(lines, line)
	}
	if m.cur.SetUp {
		lines = append(lines, "A game from a position set up: its records are kept apart.")
	} else if s.Games > 0 {
		if g.Score() > s.BestScore {
			lines = append(lines, "New best score!")
		}
		if g.HighestTile() > s.HighestTile {
			lines = append(lines, "New highest tile!")
		}
		if n := s.Recorded.Games; n > 0 { // the games begun afresh: those set up have no rank
			lines = append(lines, fmt.Sprintf("%s of your %s games", figures.Ordinal(history.Rank(m.past.games, g.Score())), figures.Count(n+1)))
		}
	}
	lines = append(lines, fmt.Sprintf("%s undo · %s new game · %s statistics · %s review",
		settings.FirstKey(m.keys.Undo), settings.FirstKey(m.keys.New), settings.FirstKey(m.keys.Stats), settings.FirstKey(m.keys.Review)))
	return "Game over", lines
}
