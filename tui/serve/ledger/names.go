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
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// A player's name is drawn in the terminals of the other players: it is
// 1 to MaxName runes of printable characters, spaces inside it included,
// and nothing a terminal would take for a command (a control character, an
// escape sequence, which begins with one) nor anything that changes the
// order or the look of what follows it (the format characters, Unicode's
// category Cf: the bidirectional overrides, the zero-width joiners). It
// shows something: no name of blanks alone (spaces, the Hangul fillers
// and the other characters Unicode says to draw as nothing), and no
// character piled high with marks ("zalgo"): MaxMarks combining marks on
// one character at most. It is kept in Unicode's composed form (NFC).
//
// Names are unique as they look, not as they are spelled: two names are
// one if they have the same skeleton (Unicode's confusables, UTS #39, in
// lower case), so that "Аlice" with a Cyrillic А, or "bob" and "B0B", are
// the same name. A board with two names that look alike would leave each
// guessing which one they are, and anyone could pass for a player at the
// top.

// MaxName is the most runes a name has.
const MaxName = 20

// MaxMarks is the most combining marks one character of a name carries:
// enough for any script's letters (a Vietnamese vowel takes two).
const MaxMarks = 2

// ErrNameTaken is wrapped by the error of a name another player has, or
// one that looks like it.
var ErrNameTaken = errors.New("another player has that name, or one that looks like it")

// CheckName returns name as it is kept (without the spaces around it, in
// Unicode's composed form), or why it cannot be a player's name.
func CheckName(name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", errors.New("a name is text: this is not UTF-8")
	}
	name = norm.NFC.String(strings.TrimSpace(name))
	n := utf8.RuneCountInString(name)
	switch {
	case n == 0:
		return "", errors.New("a name has one character at least")
	case n > MaxName:
		return "", fmt.Errorf("a name has %d characters at most, not %d", MaxName, n)
	}
	// The marks are counted as they stand apart (NFD): a composed letter
	// carries its own.
	marks, shown := 0, false
	for i, r := range norm.NFD.String(name) {
		switch {
		case !unicode.IsPrint(r) || unicode.Is(unicode.Cf, r):
			return "", fmt.Errorf("a name has printable characters only, not %U", r)
		case unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector):
			return "", fmt.Errorf("a name has characters that show only, not %U, which shows nothing", r)
		case unicode.In(r, unicode.Mn, unicode.Me):
			if i == 0 {
				return "", fmt.Errorf("a name begins with a character, not a mark (%U)", r)
			}
			if marks++; marks > MaxMarks {
				return "", fmt.Errorf("a name has %d marks on a character at most", MaxMarks)
			}
			continue
		case !unicode.IsSpace(r) && r != brailleBlank:
			shown = true
		}
		marks = 0
	}
	if !shown {
		return "", errors.New("a name shows something: this one is blank")
	}
	return name, nil
}

// brailleBlank is the Braille pattern with no dot, a character that draws
// as a space and is not one.
const brailleBlank = '\u2800'

// skeleton returns the form of name that names looking alike share: its
// confusables' skeleton (UTS #39) in lower case, after its compatibility
// forms are folded (NFKC: a full-width ｂ is b). Names are one whatever the
// case of their letters, and the skeleton of a name in capitals is not
// that of the name in lower case ("ALICE" has an I, which looks like l):
// so a name has two, as written and in lower case, and two names are one
// if either pair is the same.
func skeleton(name string) (asWritten, lower string) {
	name = norm.NFKC.String(name)
	return strings.ToLower(confusables.Skeleton(name)), strings.ToLower(confusables.Skeleton(strings.ToLower(name)))
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

// freeDefaultName returns the shortest default name of fingerprint that
// no other player has, nor one that looks like it.
func (d *DB) freeDefaultName(ctx context.Context, q querier, fingerprint string) (string, error) {
	return firstFreeName(fingerprint, func(name string) (n int, err error) {
		return d.looksTaken(ctx, q, name, fingerprint)
	})
}

// looksTaken counts the players other than the player of fingerprint whose
// name is name, or looks like it (see skeleton).
func (d *DB) looksTaken(ctx context.Context, q querier, name, fingerprint string) (n int, err error) {
	written, lower := skeleton(name)
	err = q.QueryRowContext(ctx, `SELECT count(*) FROM players
WHERE (`+d.dialect.sameName+` OR skeleton = $2 OR skeleton_lower = $3) AND fingerprint <> $4`, name, written, lower, fingerprint).Scan(&n)
	return n, err
}

// firstFreeName returns the shortest default name of fingerprint that
// taken counts no player for.
func firstFreeName(fingerprint string, taken func(name string) (int, error)) (string, error) {
	for digits := 6; digits <= 12; digits += 2 {
		name := defaultName(fingerprint, digits)
		n, err := taken(name)
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
	var p Player
	err := d.inTx(false, func(ctx context.Context, tx *sql.Tx) (err error) {
		p, err = d.addPlayer(ctx, tx, fingerprint)
		return err
	})
	if err != nil {
		return Player{}, fmt.Errorf("the player %s: %w", fingerprint, err)
	}
	return p, nil
}

// addPlayer returns the player of fingerprint, added if need be.
func (d *DB) addPlayer(ctx context.Context, tx *sql.Tx, fingerprint string) (Player, error) {
	p := Player{Fingerprint: fingerprint}
	err := tx.QueryRowContext(ctx, `SELECT name, chosen FROM players WHERE fingerprint = $1`, fingerprint).Scan(&p.Name, &p.Chosen)
	if !errors.Is(err, sql.ErrNoRows) {
		return p, err
	}
	if p.Name, err = d.freeDefaultName(ctx, tx, fingerprint); err != nil {
		return p, err
	}
	written, lower := skeleton(p.Name)
	_, err = tx.ExecContext(ctx, `INSERT INTO players (fingerprint, created, name, skeleton, skeleton_lower) VALUES ($1, $2, $3, $4, $5)`,
		fingerprint, d.now().Unix(), p.Name, written, lower)
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
	err = d.inTx(false, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := d.addPlayer(ctx, tx, fingerprint); err != nil {
			return err
		}
		taken, err := d.looksTaken(ctx, tx, name, fingerprint)
		if err != nil {
			return err
		}
		if taken > 0 {
			return fmt.Errorf("%q: %w", name, ErrNameTaken)
		}
		written, lower := skeleton(name)
		_, err = tx.ExecContext(ctx, `UPDATE players SET name = $1, skeleton = $2, skeleton_lower = $3, chosen = TRUE WHERE fingerprint = $4`,
			name, written, lower, fingerprint)
		return err
	})
	if errors.Is(err, ErrNameTaken) {
		return "", err
	}
	if err != nil {
		return "", fmt.Errorf("renaming: %w", err)
	}
	return name, nil
}
