//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
)

// Assisted reports whether g counts as played with the AI, as the player's
// statistics count it (history.Record.How): a hint reached the player or
// the AI played a move. Undos are counted, but a game with undos and no
// help is played by hand, as in the statistics.
func Assisted(g *history.Game) bool {
	n, _ := g.AIMoves()
	return g.Hinted || g.Autoplayed || n > 0
}

// verify replays g and returns why it cannot be ranked, or nil: a game
// ranks if it began from a fresh start (not from a position set up), its
// moves replay from its seed to the board and score its line claims, and,
// if it is a daily challenge, its seed is the one key deals for that day.
func verify(g *history.Game, key Key) error {
	switch {
	case g.ID == "":
		return errors.New("a game with no ID")
	case g.SetUp || g.Start != 0:
		return errors.New("a game from a position set up does not rank")
	case g.MoveCount == 0:
		return errors.New("a game of no move does not rank")
	}
	if g.Daily != "" {
		seed, err := key.DailySeed(g.Daily)
		if err != nil {
			return err
		}
		if seed != g.Seed {
			return fmt.Errorf("seed %d is not the daily challenge of %s", g.Seed, g.Daily)
		}
	}
	if _, err := g.Replay(); err != nil {
		return fmt.Errorf("its moves do not replay to what it claims: %w", err)
	}
	return nil
}

// Record stores the game g of the player of fingerprint, who is added if
// new, once its replay confirms it (see verify): a game refused returns an
// error that wraps ErrRefused. It reports whether the game is new: a game
// the ledger holds already, by its player and ID, is left as it is. It
// ranks a game alone; the server ranks a player's game as it adds it to
// their history (see AppendHistory).
func (d *DB) Record(fingerprint string, g history.Game) (added bool, err error) {
	err = d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		added, err = d.rank(ctx, tx, fingerprint, g)
		return err
	})
	return added, err
}

// rank stores g, as Record says, in tx.
func (d *DB) rank(ctx context.Context, tx *sql.Tx, fingerprint string, g history.Game) (added bool, err error) {
	if err := verify(&g, d.key); err != nil {
		return false, fmt.Errorf("game %s: %w: %w", g.ID, ErrRefused, err)
	}
	var path strings.Builder
	for _, m := range g.Moves {
		path.WriteByte(m.Letter())
	}
	if _, err := d.addPlayer(ctx, tx, fingerprint); err != nil {
		return false, fmt.Errorf("game %s: %w", g.ID, err)
	}
	r := gameRow{player: fingerprint, id: g.ID, seed: int64(g.Seed), daily: g.Daily, score: g.Score, tile: g.HighestTile(),
		moves: g.MoveCount, undos: g.Undos, assisted: Assisted(&g), finished: g.Ended.Unix(), path: path.String()}
	res, err := tx.ExecContext(ctx, `
INSERT INTO games (player, id, seed, daily, score, tile, moves, undos, assisted, finished, path, mac)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (player, id) DO NOTHING`,
		r.player, r.id, r.seed, r.daily, r.score, r.tile, r.moves, r.undos, r.assisted, r.finished, r.path, d.key.sign(r))
	if err != nil {
		return false, fmt.Errorf("game %s: %w", g.ID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("game %s: %w", g.ID, err)
	}
	return n == 1, nil
}

// inTx runs f in a transaction, and commits it if f returns nil; with
// sync the commit waits for the disk (in SQLite, synchronous=FULL for it),
// else it is as durable as every other (see SaveGame). A transaction that
// the database aborted because another ran beside it runs again, f with
// it (see dialect.retry): f sets what it returns afresh.
func (d *DB) inTx(sync bool, f func(ctx context.Context, tx *sql.Tx) error) error {
	for try := 1; ; try++ {
		err := d.tryTx(sync, f)
		if err == nil || try == maxTries || !d.dialect.retry(err) {
			return err
		}
		// A pause of a few milliseconds, drawn so that two servers
		// that collided do not run again in step.
		time.Sleep(time.Duration(rand.N(2*try)) * time.Millisecond)
	}
}

// tryTx runs f in a transaction once, as inTx says.
func (d *DB) tryTx(sync bool, f func(ctx context.Context, tx *sql.Tx) error) error {
	ctx := context.Background()
	// One connection, held for the transaction and the pragmas around
	// it: no other write commits with FULL, nor this one with NORMAL.
	c, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if sync && d.dialect.syncFull != "" {
		restore, err := d.syncFull(ctx, c)
		if err != nil {
			return err
		}
		defer restore()
	}
	tx, err := c.BeginTx(ctx, d.dialect.txOptions)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(ctx, tx); err != nil {
		return err
	}
	return tx.Commit()
}

// syncFull makes the commits of c wait for the disk, and returns the
// function that makes them as they were, which, if it fails, keeps c from
// going back to the pool.
func (d *DB) syncFull(ctx context.Context, c *sql.Conn) (restore func(), err error) {
	if _, err := c.ExecContext(ctx, d.dialect.syncFull); err != nil {
		return nil, err
	}
	return func() {
		if _, err := c.ExecContext(ctx, d.dialect.syncNormal); err != nil {
			c.Raw(func(any) error { return driver.ErrBadConn }) // not back to the pool with FULL
		}
	}, nil
}

// Replay plays the game id of the player of fingerprint again from what
// the ledger holds of it, and returns it at its end: a check that the
// ledger's games are what it ranks them as.
func (d *DB) Replay(fingerprint, id string) (*engine.Game, error) {
	var seed int64
	var path string
	err := d.db.QueryRow(`SELECT seed, path FROM games WHERE player = $1 AND id = $2`, fingerprint, id).Scan(&seed, &path)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	moves := make([]engine.Direction, len(path))
	for i := range len(path) {
		if moves[i], err = engine.ParseDirection(path[i : i+1]); err != nil {
			return nil, fmt.Errorf("game %s: move %d: %w", id, i+1, err)
		}
	}
	return engine.Replay(uint64(seed), 0, moves)
}
