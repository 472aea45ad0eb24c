//go:build serve

package ledger

import (
	"database/sql"
	"errors"
	"fmt"
)

// The reviews of each player's games are kept here as package reviewcache
// encodes them, by the name of the file a local game keeps each in
// (reviewcache.FileName): the ledger stores the bytes, and the server
// encodes and decodes them. A review is worked out again from its game,
// so a review is saved without waiting for the disk.

// LoadReview returns the review name of the player of fingerprint; ok is
// false if the ledger keeps none.
func (d *DB) LoadReview(fingerprint, name string) (review []byte, ok bool, err error) {
	err = d.db.QueryRow(`SELECT review FROM reviews WHERE player = $1 AND name = $2`, fingerprint, name).Scan(&review)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading the review: %w", err)
	}
	return review, true, nil
}

// SaveReview keeps review as the review name of the player of
// fingerprint, in place of the one kept before.
func (d *DB) SaveReview(fingerprint, name string, review []byte) error {
	if err := d.checkHold(fingerprint); err != nil {
		return fmt.Errorf("keeping the review: %w", err)
	}
	_, err := d.db.Exec(`
INSERT INTO reviews (player, name, review, updated) VALUES ($1, $2, $3, $4)
ON CONFLICT (player, name) DO UPDATE SET review = excluded.review, updated = excluded.updated`,
		fingerprint, name, review, d.now().Unix())
	if err != nil {
		return fmt.Errorf("keeping the review: %w", err)
	}
	return nil
}
