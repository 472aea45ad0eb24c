//go:build serve

package ledger

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"fmt"
	"strconv"
	"time"

	"github.com/term2048/2048/tui/history"
)

// A Key is the server's secret. From the date From on, it deals the seed
// of each day's challenge, which no one can know before the day (the
// date's own seed, history.DailySeed, is known to all, years ahead, and an
// AI could play it the day before); and it signs every game the ledger
// records, so that a row changed by hand in the file is not ranked (see
// DB.setAsideForged).
type Key struct {
	Secret [32]byte
	From   string // the first date (YYYY-MM-DD) whose challenge the key deals
}

// NewKey returns a new random key whose challenges begin the day after
// now: the challenge of today, which players may have begun, stays the one
// they began.
func NewKey(now time.Time) (Key, error) {
	var k Key
	if _, err := rand.Read(k.Secret[:]); err != nil {
		return Key{}, fmt.Errorf("making the server's key: %w", err)
	}
	k.From = history.DailyDate(now.Add(24 * time.Hour))
	return k, nil
}

// DailySeed returns the seed of the daily challenge of date: the date's
// own (history.DailySeed) before k.From, then one the key deals, a number
// of 64 bits that follows from the key and the date and from nothing
// else.
func (k Key) DailySeed(date string) (uint64, error) {
	public, err := history.DailySeed(date)
	if err != nil || date < k.From {
		return public, err
	}
	sum := k.mac("daily challenge", date)
	return binary.BigEndian.Uint64(sum), nil
}

// sign returns the signature of a game's row: the key's HMAC-SHA256 of
// every column that ranks it.
func (k Key) sign(r gameRow) []byte {
	return k.mac("game", r.player, r.id, strconv.FormatInt(r.seed, 10), r.daily, strconv.Itoa(r.score), strconv.Itoa(r.tile),
		strconv.Itoa(r.moves), strconv.Itoa(r.undos), strconv.FormatBool(r.assisted), strconv.FormatInt(r.finished, 10), r.path)
}

// mac returns the key's HMAC-SHA256 of what, each part after its length,
// so that no two lists of parts read the same.
func (k Key) mac(what ...string) []byte {
	h := hmac.New(sha256.New, k.Secret[:])
	for _, s := range what {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	return h.Sum(nil)
}

// A gameRow is a row of the games table, as it is signed.
type gameRow struct {
	player, id, daily, path string
	seed, finished          int64
	score, tile, moves      int
	undos                   int
	assisted                bool
}

// A signedRow is a row of the games table with its signature.
type signedRow struct {
	gameRow
	mac []byte
}

// readGameRows returns every row of the games table.
func readGameRows(ctx context.Context, q querier) ([]signedRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT player, id, seed, daily, score, tile, moves, undos, assisted, finished, path, mac FROM games`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []signedRow
	for rows.Next() {
		var r signedRow
		if err := rows.Scan(&r.player, &r.id, &r.seed, &r.daily, &r.score, &r.tile, &r.moves, &r.undos, &r.assisted, &r.finished, &r.path, &r.mac); err != nil {
			return nil, err
		}
		all = append(all, r)
	}
	return all, rows.Err()
}

// setAsideForged moves the games whose signature does not match their row
// to forged_games, in one transaction, and returns them as PLAYER/ID. If
// no game matches, the key is the wrong one, and it moves none.
func (d *DB) setAsideForged() ([]string, error) {
	var forged []string
	err := d.inTx(false, func(ctx context.Context, tx *sql.Tx) (err error) {
		forged, err = d.moveForged(ctx, tx)
		return err
	})
	return forged, err
}

// moveForged moves the games forged to forged_games in tx, as
// setAsideForged says.
func (d *DB) moveForged(ctx context.Context, tx *sql.Tx) ([]string, error) {
	rows, err := readGameRows(ctx, tx)
	if err != nil {
		return nil, fmt.Errorf("reading the games' signatures: %w", err)
	}
	var forged []string
	for _, r := range rows {
		if hmac.Equal(r.mac, d.key.sign(r.gameRow)) {
			continue
		}
		forged = append(forged, r.player+"/"+r.id)
		if _, err := tx.ExecContext(ctx, `
INSERT INTO forged_games SELECT player, id, seed, daily, score, tile, moves, undos, assisted, finished, path, mac, CAST($1 AS BIGINT)
FROM games WHERE player = $2 AND id = $3`, d.now().Unix(), r.player, r.id); err != nil {
			return nil, fmt.Errorf("setting a game aside: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM games WHERE player = $1 AND id = $2`, r.player, r.id); err != nil {
			return nil, fmt.Errorf("setting a game aside: %w", err)
		}
	}
	switch {
	case len(forged) == 0:
		return nil, nil
	case len(forged) == len(rows):
		return nil, fmt.Errorf("none of its %d games carries the signature of this server's key: "+
			"the key is not the one its games were signed with (nothing was set aside)", len(rows))
	}
	return forged, nil
}
