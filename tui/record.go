package tui

import (
	"fmt"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
)

// This file keeps the history of finished games and the statistics worked
// out from it (their definitions are in the doc comment of
// history.Summary).
//
// A game gets its line in the history when the player leaves it: for a new
// game (n, or -new with a game saved), and only if a move was played.
// Quitting is not leaving: the game resumes the next time. Since nothing is
// written before, an undo after a game over takes nothing back: the game
// is counted when it is left, as it then stands, so a game lost, undone and
// then won counts once, as won.
//
// Until then the game on screen counts in the statistics as it stands if it
// is over, and its score and tile raise the best score and the highest
// tile at once: they are in the saved game, written with every move, so a
// kill -9 costs at most the last move, never a record.

// maxPause is the most that a pause between two moves adds to the time
// played: a game left open overnight must not count the night.
const maxPause = time.Minute

// loadHistory reads the history of finished games, telling the player
// about what could not be read.
func (m *Model) loadHistory() *history.Index {
	if m.store == nil {
		return &history.Index{}
	}
	log, notes, err := m.store.LoadHistory()
	if err != nil {
		m.past.unreadable = err
		wait := " Games left meanwhile wait in " + m.store.UnrecordedPath() + "."
		if m.store.UnrecordedPath() == "" {
			wait = " A game is not left until it can be written there: it stays in progress."
		}
		m.warn("History not read: " + err.Error() + wait)
	}
	for _, n := range notes {
		m.warn(n)
	}
	return log
}

// useHistory takes the games of x as the history.
func (m *Model) useHistory(x *history.Index) {
	m.past.games, m.past.earlier = x.Records, x.EarlierGames()
	m.past.summary = history.Summarize(m.past.earlier, m.past.games)
}

// migrate carries the statistics file of earlier versions into the history,
// once. If it counted the game in progress already (a game over, not left),
// the game is taken out of the counts: its line will count it.
func (m *Model) migrate(log *history.Index) {
	if m.store == nil || m.past.unreadable != nil {
		return // with the history unread, the counts could be carried twice
	}
	adjust := func(e history.Earlier) history.Earlier {
		if !m.cur.Counted {
			return e
		}
		g := m.line()
		e.GamesPlayed--
		if g.Won() {
			e.GamesWon--
		}
		if g.Hinted {
			e.GamesHinted--
		}
		if g.Autoplayed {
			e.GamesAutoplayed--
		}
		return e
	}
	e, err := m.store.MigrateStats(log, adjust)
	if err != nil {
		m.warn("Statistics of the earlier version not carried into the history: " + err.Error())
		return
	}
	if e != (history.Earlier{}) {
		m.note = fmt.Sprintf("Your statistics (%d games) are kept in the history now: %s.", e.GamesPlayed, m.store.HistoryPath())
	}
	if m.cur.Counted {
		m.cur.Counted = false
		m.save(true)
	}
}

// line returns the line of the history of the game on screen, as it stands.
func (m *Model) line() history.Game {
	g := history.FromEngine(m.cur.Game, m.cur.Movers())
	g.ID, g.Undos, g.Peak, g.SetUp, g.Daily = m.cur.ID, m.cur.Undos, max(m.cur.Peak, g.Score), m.cur.SetUp, m.cur.Daily
	g.Hinted, g.Autoplayed, g.Race = m.cur.Hinted, m.cur.Autoplayed, m.cur.Race
	g.Played, g.Ended = m.cur.Played, m.now().Truncate(time.Second)
	return g
}

// statsNow returns the statistics with the game on screen: counted if it is
// over, and raising the records in any case, unless it began from a
// position set up, whose records are kept apart.
func (m *Model) statsNow() history.Summary {
	s := m.past.summary
	if m.cur.Game.Over() && m.cur.Game.MoveCount() > 0 {
		s = history.Summarize(m.past.earlier, append(m.past.games[:len(m.past.games):len(m.past.games)], m.line().Record))
	}
	if !m.cur.SetUp {
		s.BestScore = max(s.BestScore, m.cur.Peak, m.cur.Game.Score())
		s.HighestTile = max(s.HighestTile, m.cur.Game.HighestTile())
	}
	return s
}

// best returns the best score to show beside the game: the history's,
// raised by the game on screen unless it began from a position set up.
func (m *Model) best() int {
	if m.cur.SetUp {
		return m.past.summary.BestScore
	}
	return max(m.past.summary.BestScore, m.cur.Peak, m.cur.Game.Score())
}

// countTime adds to the time played the time since the last move, up to
// maxPause.
func (m *Model) countTime() {
	now := m.now()
	m.cur.Played += min(max(now.Sub(m.lastActive), 0), maxPause)
	m.lastActive = now
}

// firstTile returns the rank of a tile the move just made if it is the
// first of its rank in all the player's games, from 2048 up, or 0: the
// game celebrates it.
func (m *Model) firstTile(before engine.Board) uint8 {
	r := m.cur.Game.Board().HighestRank()
	if m.cur.SetUp || r < engine.WinRank || r <= before.HighestRank() || engine.TileValue(r) <= m.past.summary.HighestTile {
		return 0
	}
	return r
}
