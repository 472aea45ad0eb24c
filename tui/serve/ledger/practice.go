//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Each player's practice is kept here as package deck encodes it: the
// ledger stores the bytes, and the server encodes and decodes them.

// LoadPractice returns the practice of the player of fingerprint; ok is
// false if the ledger keeps none.
func (d *DB) LoadPractice(fingerprint string) (data []byte, ok bool, err error) {
	err = d.db.QueryRow(`SELECT data FROM practice WHERE player = $1`, fingerprint).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading the practice: %w", err)
	}
	return nonNil(data), true, nil
}

// SavePractice keeps data as the practice of the player of fingerprint,
// in place of the one kept before.
func (d *DB) SavePractice(fingerprint string, data []byte) error {
	if err := d.checkHold(fingerprint); err != nil {
		return fmt.Errorf("keeping the practice: %w", err)
	}
	_, err := d.db.Exec(`
INSERT INTO practice (player, data, updated) VALUES ($1, $2, $3)
ON CONFLICT (player) DO UPDATE SET data = excluded.data, updated = excluded.updated`,
		fingerprint, nonNil(data), d.now().Unix())
	if err != nil {
		return fmt.Errorf("keeping the practice: %w", err)
	}
	return nil
}

// SetPracticeAside moves the practice of the player of fingerprint, which
// did not decode, to the practices set aside, in one transaction: the
// player starts a new one, and the old one is kept as it was.
func (d *DB) SetPracticeAside(fingerprint string) error {
	if err := d.checkHold(fingerprint); err != nil {
		return fmt.Errorf("setting the practice aside: %w", err)
	}
	tx, err := d.db.BeginTx(context.Background(), nil)
	if err != nil {
		return fmt.Errorf("setting the practice aside: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO practice_aside (player, data, set_aside) SELECT player, data, $2 FROM practice WHERE player = $1`,
		fingerprint, d.now().Unix()); err != nil {
		return fmt.Errorf("setting the practice aside: %w", err)
	}
	if _, err := tx.Exec(`DELETE FROM practice WHERE player = $1`, fingerprint); err != nil {
		return fmt.Errorf("setting the practice aside: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("setting the practice aside: %w", err)
	}
	return nil
}

// PracticesAside returns how many practices of the player of fingerprint
// were set aside.
func (d *DB) PracticesAside(fingerprint string) (int, error) {
	var n int
	if err := d.db.QueryRow(`SELECT count(*) FROM practice_aside WHERE player = $1`, fingerprint).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting the practices set aside: %w", err)
	}
	return n, nil
}
