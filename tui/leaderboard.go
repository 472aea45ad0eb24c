package tui

import (
	"errors"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// This file holds what the game does with the leaderboards of 2048 serve:
// it records each game the player leaves there, once it is in their
// history; it gives the leaderboards the games of the history they lack,
// at the start (a game recorded while the leaderboards could not be
// written is ranked then); it says where a game over stands; and it asks
// a new player for their name. The screen of the boards is in
// leaderview.go. A local game has no leaderboards: its key does nothing,
// and the statistics hold the player's own daily challenges.

// standings are the boards the game shows: today's daily challenge,
// yesterday's, and the best games of all time, each by hand and with the
// AI.
type standings struct {
	today, yesterday string                      // the dates of the daily boards
	boards           [3][2][]playerdata.Standing // [today, yesterday, all time][by hand, with the AI]
}

// The boards of standings, in the order of the screen's tabs.
const (
	todayBoard = iota
	yesterdayBoard
	allTimeBoard
)

// ranking is the game's side of the leaderboards: nil src for a local
// game.
type ranking struct {
	src   playerdata.Ranks
	shown *standings // the boards last read; nil before
	err   error      // why they could not be read
	asks  uint64     // numbers the readings: an answer older than the one shown is dropped
	name  string     // the player's name
}

// standingsMsg brings the boards read.
type standingsMsg struct {
	ask uint64
	s   *standings
	err error
}

// syncedMsg says how the games of the history the leaderboards lacked
// were recorded there.
type syncedMsg struct {
	recorded int
	failed   int
	err      error // the first failure
}

// readStandings returns the command that reads every board for the date
// of now.
func (rk *ranking) readStandings(m *Model) tea.Cmd {
	if rk.src == nil {
		return nil
	}
	rk.asks++
	ask, src, now := rk.asks, rk.src, m.now()
	return func() tea.Msg {
		s, err := boardsOf(src, now)
		return standingsMsg{ask, s, err}
	}
}

// boardsOf reads the boards of src at the time now.
func boardsOf(src playerdata.Ranks, now time.Time) (*standings, error) {
	s := &standings{today: history.DailyDate(now), yesterday: history.DailyDate(now.AddDate(0, 0, -1))}
	for b, date := range []string{s.today, s.yesterday, ""} {
		for a := range 2 {
			rows, err := src.Board(date, a == 1)
			if err != nil {
				return nil, err
			}
			s.boards[b][a] = rows
		}
	}
	return s, nil
}

// onRanks takes the answers of the leaderboards.
func (rk *ranking) onRanks(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case standingsMsg:
		if msg.ask == rk.asks {
			rk.err = msg.err
			if msg.err == nil {
				rk.shown = msg.s
			}
		}
	case syncedMsg:
		if msg.failed > 0 {
			m.warn(fmt.Sprintf("%s of your history could not be put on the leaderboards: %v",
				figures.Quantity(msg.failed, "game"), msg.err))
		}
		return rk.readStandings(m)
	}
	return nil
}

// rankGame records g, a game just left and kept, on the leaderboards. A
// failure costs the game nothing: it is in the history, and given to the
// leaderboards again at the player's next start.
func (rk *ranking) rankGame(m *Model, g history.Game) {
	if rk.src == nil || g.SetUp || g.MoveCount == 0 {
		return
	}
	if err := rk.src.Record(g); err != nil {
		m.warn("Your game is kept in your history, but not on the leaderboards yet (" + err.Error() +
			"): it will be ranked the next time you connect.")
	}
}

// syncRanks returns the command that records on the leaderboards the games
// of the history they lack, oldest first: those whose recording failed, or
// was cut short by a crash of the server.
func (rk *ranking) syncRanks(m *Model) tea.Cmd {
	if rk.src == nil {
		return nil
	}
	src, store := rk.src, m.store
	var ids []string
	byID := map[string]history.Record{}
	for _, r := range m.past.games {
		if r.ID != "" && !r.SetUp && r.MoveCount > 0 {
			ids = append(ids, r.ID)
			byID[r.ID] = r
		}
	}
	whole := slices.Clone(m.past.whole)
	return func() tea.Msg {
		missing, err := src.Missing(ids)
		if err != nil {
			return syncedMsg{failed: len(ids), err: err}
		}
		var msg syncedMsg
		for _, id := range missing {
			g, err := wholeGame(byID[id], whole, store)
			if err == nil {
				err = src.Record(g)
			}
			if err != nil {
				msg.failed++
				if msg.err == nil {
					msg.err = err
				}
				continue
			}
			msg.recorded++
		}
		return msg
	}
}

// wholeGame returns the game of r with its moves: one of whole, the games
// left in this session, or read from the history of store.
func wholeGame(r history.Record, whole []history.Game, store playerdata.Store) (history.Game, error) {
	if i := slices.IndexFunc(whole, func(g history.Game) bool { return g.ID == r.ID }); i >= 0 {
		return whole[i], nil
	}
	if store == nil {
		return history.Game{}, errors.New("no history to read it from")
	}
	return store.ReadGame(r)
}

// rankLine returns the line of the game-over summary that says where the
// game stands on the leaderboards, as if it were recorded now: on its
// daily challenge's board if it is the attempt that counts, else among the
// best games of all players; "" without leaderboards, before they are read,
// or for a game from a position set up.
func (rk *ranking) rankLine(m *Model) string {
	s := rk.shown
	if rk.src == nil || s == nil || m.cur.SetUp || m.cur.Game.MoveCount() == 0 {
		return ""
	}
	assisted, how := 0, "By hand"
	if m.cur.Hinted || m.cur.Autoplayed {
		assisted, how = 1, "With the AI"
	}
	board, when := allTimeBoard, "all time"
	switch d := m.cur.Daily; {
	case d == "" || m.attempted(d):
	case d == s.today:
		board, when = todayBoard, "today"
	case d == s.yesterday:
		board, when = yesterdayBoard, "yesterday"
	}
	place, of := placeOf(s.boards[board][assisted], m.cur.Game.Score())
	return fmt.Sprintf("%s: %s of %s %s", how, ordinal(place), figures.Count(of), when)
}

// placeOf returns where a score would stand on board, against the other
// players' rows: 1 plus the number of them above it, and the number of
// players with the player's.
func placeOf(board []playerdata.Standing, score int) (place, of int) {
	place, of = 1, 1
	for _, s := range board {
		if s.Yours {
			continue
		}
		of++
		if s.Score > score {
			place++
		}
	}
	return place, of
}
