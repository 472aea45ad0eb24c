//go:build serve

package ledger

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// A player's name is drawn in the terminals of the other players: it is
// 1 to MaxName runes of printable characters, spaces inside it included,
// and nothing a terminal would take for a command (a control character, an
// escape sequence, which begins with one) nor anything that changes the
// order or the look of what follows it (the format characters, Unicode's
// category Cf: the bidirectional overrides, the zero-width joiners). Names
// are unique, whatever the case of their ASCII letters: a board with two
// "bob" would leave each guessing which one they are, and anyone could
// take the name of a player at the top.

// MaxName is the most runes a name has.
const MaxName = 20

// ErrNameTaken is wrapped by the error of a name another player has.
var ErrNameTaken = errors.New("another player has that name")

// CheckName returns name without the spaces around it, or why it cannot be
// a player's name.
func CheckName(name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", errors.New("a name is text: this is not UTF-8")
	}
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	switch {
	case n == 0:
		return "", errors.New("a name has one character at least")
	case n > MaxName:
		return "", fmt.Errorf("a name has %d characters at most, not %d", MaxName, n)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) || unicode.Is(unicode.Cf, r) {
			return "", fmt.Errorf("a name has printable characters only, not %U", r)
		}
	}
	return name, nil
}

// DefaultName returns the name of a player who chose none, the first of
// the names worked out from their fingerprint: "player-" and six hex
// digits of its hash, more if that is taken (see freeDefaultName).
func DefaultName(fingerprint string) string { return defaultName(fingerprint, 6) }

// defaultName returns the default name of fingerprint with digits hex
// digits of its hash.
func defaultName(fingerprint string, digits int) string {
	sum := sha256.Sum256([]byte(fingerprint))
	return "player-" + hex.EncodeToString(sum[:])[:digits]
}

// A querier is a database or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// freeDefaultName returns the shortest default name of fingerprint no other
// player has.
func freeDefaultName(ctx context.Context, q querier, fingerprint string) (string, error) {
	for digits := 6; digits <= 12; digits += 2 {
		name := defaultName(fingerprint, digits)
		var n int
		err := q.QueryRowContext(ctx, `SELECT count(*) FROM players WHERE name = ? COLLATE NOCASE AND fingerprint <> ?`, name, fingerprint).Scan(&n)
		if err != nil {
			return "", err
		}
		if n == 0 {
			return name, nil
		}
	}
	return "", fmt.Errorf("no default name free for %s", fingerprint)
}

// A Player is a player of the ledger.
type Player struct {
	Fingerprint string // of their key, SHA256:… as ssh-keygen -l prints it
	Name        string
	Chosen      bool // the player chose Name; else it is their default name
}

// Join returns the player of fingerprint, who is added with their default
// name if they are new.
func (d *DB) Join(fingerprint string) (Player, error) {
	ctx := context.Background()
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return Player{}, fmt.Errorf("the player %s: %w", fingerprint, err)
	}
	defer tx.Rollback()
	p, err := addPlayer(ctx, tx, fingerprint, d.now())
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return Player{}, fmt.Errorf("the player %s: %w", fingerprint, err)
	}
	return p, nil
}

// addPlayer returns the player of fingerprint, added at now if need be.
func addPlayer(ctx context.Context, tx *sql.Tx, fingerprint string, now time.Time) (Player, error) {
	p := Player{Fingerprint: fingerprint}
	err := tx.QueryRowContext(ctx, `SELECT name, chosen FROM players WHERE fingerprint = ?`, fingerprint).Scan(&p.Name, &p.Chosen)
	if !errors.Is(err, sql.ErrNoRows) {
		return p, err
	}
	if p.Name, err = freeDefaultName(ctx, tx, fingerprint); err != nil {
		return p, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO players (fingerprint, created, name) VALUES (?, ?, ?)`, fingerprint, now.Unix(), p.Name)
	return p, err
}

// Rename gives the player of fingerprint the name name, checked
// (CheckName), and returns it as kept. A name another player has is
// refused with ErrNameTaken; the player's own, in another case, is taken.
func (d *DB) Rename(fingerprint, name string) (string, error) {
	name, err := CheckName(name)
	if err != nil {
		return "", err
	}
	ctx := context.Background()
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("renaming: %w", err)
	}
	defer tx.Rollback()
	if _, err := addPlayer(ctx, tx, fingerprint, d.now()); err != nil {
		return "", fmt.Errorf("renaming: %w", err)
	}
	var taken int
	err = tx.QueryRowContext(ctx, `SELECT count(*) FROM players WHERE name = ? COLLATE NOCASE AND fingerprint <> ?`, name, fingerprint).Scan(&taken)
	if err != nil {
		return "", fmt.Errorf("renaming: %w", err)
	}
	if taken > 0 {
		return "", fmt.Errorf("%q: %w", name, ErrNameTaken)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE players SET name = ?, chosen = 1 WHERE fingerprint = ?`, name, fingerprint); err != nil {
		return "", fmt.Errorf("renaming: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("renaming: %w", err)
	}
	return name, nil
}
