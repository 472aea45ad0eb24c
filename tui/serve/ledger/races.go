//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/race"
)

// The races between friends, kept in the ledger so that the servers that
// share it share them: a race is made on one server and joined from
// another, and each server reads the other seat's game from the ledger.
// A race is a row of races (its code, its seed, how it ended) and a row of
// race_seats for each player in it, where their game stands.
//
// Every transaction that writes a race first writes its row of races
// (UPDATE ... SET code = code): it waits there for any other writing the
// same race, on any server, so that what it reads of the seats is what
// the other wrote. Two players who end their games at once, on two
// servers, thus decide the race once.
//
// A seat is alive while its server renews it (see RaceState): a server
// killed leaves its seats, which the friend's server takes as left once
// they have not been renewed for the lifetime of a hold.

// The errors of the races.
var (
	ErrCodeTaken = errors.New("a race has that code")                // CreateRace: draw another code
	ErrNoRace    = errors.New("no race waits with that code")        // JoinRace: wrong, expired, joined or left
	ErrOwnRace   = errors.New("the race is the player's own")        // JoinRace with the code of one's own race
	ErrRaceGone  = errors.New("the race is no longer in the ledger") // RaceState of a race both left
)

// The results of a race as the column result keeps them.
const (
	raceOn   = 0 // not decided
	raceTied = 3 // else the seat that won, plus 1
)

// A raceSeat is a row of race_seats as a race reads it.
type raceSeat struct {
	race.Board
	gone  bool
	alive int64
}

// CreateRace opens a race of code and seed for the player of
// fingerprint, whose code lets a friend in until opens. It is
// ErrCodeTaken if another race has that code. A seat the player still
// has in another race, left by a server that is gone, is left first.
func (d *DB) CreateRace(code string, seed uint64, fingerprint string, opens time.Time) error {
	err := d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		now := d.now()
		if err := d.sweepRaces(ctx, tx, fingerprint, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO races (code, seed, opens, result, reason) VALUES ($1, $2, $3, 0, 0) ON CONFLICT (code) DO NOTHING`,
			code, int64(seed), opens.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrCodeTaken
		}
		return d.addSeat(ctx, tx, code, 0, fingerprint, now)
	})
	if err != nil && !errors.Is(err, ErrCodeTaken) {
		return fmt.Errorf("opening a race: %w", err)
	}
	return err
}

// JoinRace takes the second seat of the race of code for the player of
// fingerprint, and returns its seed. It is ErrNoRace if no race waits
// with that code, and ErrOwnRace if the player opened it.
func (d *DB) JoinRace(code, fingerprint string) (seed uint64, err error) {
	err = d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		now := d.now()
		if locked, err := lockRace(ctx, tx, code); err != nil {
			return err
		} else if !locked {
			return ErrNoRace
		}
		var s, opens int64
		if err := tx.QueryRowContext(ctx, `SELECT seed, opens FROM races WHERE code = $1`, code).Scan(&s, &opens); err != nil {
			return err
		}
		seats, err := readSeats(ctx, tx, code)
		if err != nil {
			return err
		}
		opener := seats[0]
		switch {
		case opens <= now.UnixMilli() || opener == nil || opener.gone || opener.alive <= now.UnixMilli():
			return ErrNoRace
		case d.isPlayer(ctx, tx, code, 0, fingerprint):
			return ErrOwnRace
		}
		if err := d.sweepRaces(ctx, tx, fingerprint, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE races SET opens = 0 WHERE code = $1`, code); err != nil {
			return err
		}
		seed = uint64(s)
		return d.addSeat(ctx, tx, code, 1, fingerprint, now)
	})
	if err != nil && !errors.Is(err, ErrNoRace) && !errors.Is(err, ErrOwnRace) {
		return 0, fmt.Errorf("joining a race: %w", err)
	}
	return seed, err
}

// isPlayer reports whether seat of the race of code is the player of
// fingerprint's.
func (d *DB) isPlayer(ctx context.Context, tx *sql.Tx, code string, seat int, fingerprint string) bool {
	var player string
	err := tx.QueryRowContext(ctx, `SELECT player FROM race_seats WHERE code = $1 AND seat = $2`, code, seat).Scan(&player)
	return err == nil && player == fingerprint
}

// addSeat seats the player of fingerprint in seat of the race of code.
func (d *DB) addSeat(ctx context.Context, tx *sql.Tx, code string, seat int, fingerprint string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `
INSERT INTO race_seats (code, seat, player, name, board, score, moves, ended, won, gone, alive)
VALUES ($1, $2, $3, '', 0, 0, 0, 0, 0, 0, $4)`, code, seat, fingerprint, now.Add(d.holds.lifetime).UnixMilli())
	return err
}

// sweepRaces leaves the seats the player of fingerprint still has (their
// game ended on a server that is gone: the player is in one game at a
// time), and deletes the races no server renews a seat of.
func (d *DB) sweepRaces(ctx context.Context, tx *sql.Tx, fingerprint string, now time.Time) error {
	rows, err := tx.QueryContext(ctx, `SELECT code, seat FROM race_seats WHERE player = $1 AND gone = 0`, fingerprint)
	if err != nil {
		return err
	}
	type place struct {
		code string
		seat int
	}
	var left []place
	for rows.Next() {
		var p place
		if err := rows.Scan(&p.code, &p.seat); err != nil {
			rows.Close()
			return err
		}
		left = append(left, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, p := range left {
		if err := leaveSeat(ctx, tx, p.code, p.seat); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `
DELETE FROM race_seats WHERE code IN (
	SELECT code FROM race_seats GROUP BY code HAVING max(CASE WHEN gone = 0 THEN alive ELSE 0 END) < $1)`, now.UnixMilli()); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM races WHERE code NOT IN (SELECT code FROM race_seats)`)
	return err
}

// lockRace writes the row of the race of code, which waits for any other
// transaction that writes it, and reports whether there is one.
func lockRace(ctx context.Context, tx *sql.Tx, code string) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE races SET code = code WHERE code = $1`, code)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// readSeats returns the seats of the race of code, nil for one not taken.
func readSeats(ctx context.Context, q querier, code string) ([2]*raceSeat, error) {
	var seats [2]*raceSeat
	rows, err := q.QueryContext(ctx, `SELECT seat, name, board, score, moves, ended, won, gone, alive FROM race_seats WHERE code = $1`, code)
	if err != nil {
		return seats, err
	}
	defer rows.Close()
	for rows.Next() {
		var seat, ended, won, gone int
		var board int64
		s := &raceSeat{}
		if err := rows.Scan(&seat, &s.Name, &board, &s.Score, &s.Moves, &ended, &won, &gone, &s.alive); err != nil {
			return seats, err
		}
		if seat < 0 || seat > 1 {
			return seats, fmt.Errorf("race %s: a seat %d", code, seat)
		}
		s.Board.Board, s.Over, s.Won, s.gone = engine.Board(board), ended != 0, won != 0, gone != 0
		seats[seat] = s
	}
	return seats, rows.Err()
}

// ReportRace writes b as where the game of seat stands in the race of
// code, and decides the race if b does (see race.Decide). A seat left
// is not written.
func (d *DB) ReportRace(code string, seat int, b race.Board) error {
	err := d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		if locked, err := lockRace(ctx, tx, code); err != nil || !locked {
			return err
		}
		res, err := tx.ExecContext(ctx, `
UPDATE race_seats SET name = $3, board = $4, score = $5, moves = $6, ended = $7, won = $8, alive = $9
WHERE code = $1 AND seat = $2 AND gone = 0`,
			code, seat, b.Name, int64(b.Board), b.Score, b.Moves, flag(b.Over), flag(b.Won), d.now().Add(d.holds.lifetime).UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		seats, err := readSeats(ctx, tx, code)
		if err != nil || seats[1-seat] == nil {
			return err
		}
		result := raceOn
		r, by := race.Decide(b, seats[1-seat].Board)
		switch r {
		case race.Won:
			result = seat + 1
		case race.Lost:
			result = 1 - seat + 1
		case race.Tied:
			result = raceTied
		default:
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE races SET result = $2, reason = $3 WHERE code = $1 AND result = 0`, code, result, int(by))
		return err
	})
	if err != nil {
		return fmt.Errorf("reporting a race's move: %w", err)
	}
	return nil
}

// flag is a boolean as a column of 0 and 1 keeps it.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// LeaveRace gives up seat in the race of code: the race is lost if it was
// not decided, and deleted once both seats are left, or if nobody joined.
func (d *DB) LeaveRace(code string, seat int) error {
	err := d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		return leaveSeat(ctx, tx, code, seat)
	})
	if err != nil {
		return fmt.Errorf("leaving a race: %w", err)
	}
	return nil
}

// leaveSeat leaves seat of the race of code in tx, as LeaveRace says.
func leaveSeat(ctx context.Context, tx *sql.Tx, code string, seat int) error {
	if locked, err := lockRace(ctx, tx, code); err != nil || !locked {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE race_seats SET gone = 1 WHERE code = $1 AND seat = $2 AND gone = 0`, code, seat)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	seats, err := readSeats(ctx, tx, code)
	if err != nil {
		return err
	}
	if other := seats[1-seat]; other == nil || other.gone {
		if _, err := tx.ExecContext(ctx, `DELETE FROM race_seats WHERE code = $1`, code); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM races WHERE code = $1`, code)
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE races SET result = $2, reason = $3 WHERE code = $1 AND result = 0`,
		code, 1-seat+1, int(race.ByForfeit))
	return err
}

// RaceState returns the race of code as the player of seat sees it; with
// renew, it first renews the seat, which is left if it is not renewed for
// the lifetime of a hold (its server is gone). The friend's seat is left
// here if its server has not renewed it within that time. The error is
// ErrRaceGone if the race is no longer in the ledger.
func (d *DB) RaceState(code string, seat int, renew bool) (race.State, error) {
	ctx := context.Background()
	now := d.now()
	if renew {
		if _, err := d.db.ExecContext(ctx, `UPDATE race_seats SET alive = $3 WHERE code = $1 AND seat = $2 AND gone = 0`,
			code, seat, now.Add(d.holds.lifetime).UnixMilli()); err != nil {
			return race.State{}, fmt.Errorf("renewing a race's seat: %w", err)
		}
	}
	st, friendAlive, err := d.readRace(ctx, code, seat, now)
	if err != nil || friendAlive {
		return st, err
	}
	if err := d.LeaveRace(code, 1-seat); err != nil { // the friend's server is gone
		return st, err
	}
	st, _, err = d.readRace(ctx, code, seat, now)
	return st, err
}

// readRace reads the race of code as seat sees it at now, and reports
// whether the friend's seat, if taken and not left, is still renewed.
func (d *DB) readRace(ctx context.Context, code string, seat int, now time.Time) (st race.State, friendAlive bool, err error) {
	var opens int64
	var result, reason int
	err = d.db.QueryRowContext(ctx, `SELECT opens, result, reason FROM races WHERE code = $1`, code).Scan(&opens, &result, &reason)
	if errors.Is(err, sql.ErrNoRows) {
		return st, true, ErrRaceGone
	} else if err != nil {
		return st, true, fmt.Errorf("reading a race: %w", err)
	}
	seats, err := readSeats(ctx, d.db, code)
	if err != nil {
		return st, true, fmt.Errorf("reading a race: %w", err)
	}
	friend := seats[1-seat]
	st.Started = seats[1] != nil
	st.Expired = !st.Started && opens <= now.UnixMilli()
	if friend != nil {
		st.Opponent, st.Gone = friend.Board, friend.gone
	}
	switch result {
	case raceOn:
	case raceTied:
		st.Result = race.Tied
	case seat + 1:
		st.Result = race.Won
	default:
		st.Result = race.Lost
	}
	if result != raceOn {
		st.By = race.Reason(reason)
	}
	return st, friend == nil || friend.gone || friend.alive > now.UnixMilli(), nil
}
