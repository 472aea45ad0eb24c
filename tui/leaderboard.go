package tui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// This file holds what the game does with the leaderboards of 2048 serve:
// it reads them, says where a game over stands, and asks a new player for
// their name. A game the player leaves is ranked by the store, as it adds
// it to their history (playerdata.Store.AppendHistory). The screen of the
// boards is in leaderview.go. A local game has no leaderboards: its key
// does nothing, and the statistics hold the player's own daily challenges.

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
func (rk *ranking) onRanks(msg standingsMsg) {
	if msg.ask == rk.asks {
		rk.err = msg.err
		if msg.err == nil {
			rk.shown = msg.s
		}
	}
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
	return fmt.Sprintf("%s: %s of %s %s", how, figures.Ordinal(place), figures.Count(of), when)
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
