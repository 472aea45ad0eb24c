package tui

// This file keeps the statistics: when a game counts, and as what. The
// definitions are in the doc comment of Stats.

// raiseRecords raises the best score and the highest tile to the game's, and
// reports whether either was beaten.
func (m *Model) raiseRecords() bool {
	g := m.cur.Game
	if g.Score() <= m.stats.BestScore && g.HighestTile() <= m.stats.HighestTile {
		return false
	}
	m.stats.BestScore = max(m.stats.BestScore, g.Score())
	m.stats.HighestTile = max(m.stats.HighestTile, g.HighestTile())
	return true
}

// settle counts the game in the statistics, once, as it stands: played,
// and won, hinted and autoplayed as it was. A game of no move is not a game
// played. It writes the statistics, waiting for the disk.
func (m *Model) settle() {
	m.raiseRecords()
	if m.cur.Counted || m.cur.Game.MoveCount() == 0 {
		m.saveStats(true)
		return
	}
	m.cur.Counted = true
	m.tally(+1)
	m.saveStats(true)
}

// reopen takes back the count of a settled game that an undo brings back
// to life after it ended: it counts again, as it then stands, when it ends
// again or is left. A settled game's board has not changed since it was
// settled (it ended, and only an undo changes an ended game), so the
// game as it stands is the game as it was counted.
func (m *Model) reopen() {
	if !m.cur.Counted {
		return
	}
	m.cur.Counted = false
	m.tally(-1)
	m.saveStats(false)
}

// tally adds the game to the counts (by +1) or takes it out (by -1).
func (m *Model) tally(by int) {
	m.stats.GamesPlayed += by
	if m.cur.Game.Won() {
		m.stats.GamesWon += by
	}
	if m.cur.Hinted {
		m.stats.GamesHinted += by
	}
	if m.cur.Autoplayed {
		m.stats.GamesAutoplayed += by
	}
}

// saveStats writes the statistics; sync waits for the disk.
func (m *Model) saveStats(sync bool) {
	if m.store == nil {
		return
	}
	if err := m.store.SaveStats(m.stats, sync); err != nil {
		m.saveErr = err
	}
}
