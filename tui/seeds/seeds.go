// Package seeds deals the seeds of the games: a local game's, a number a
// player may note and play again; a server's, secret; the daily
// challenge's, the date's own or the server's.
package seeds

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	mathrand "math/rand/v2"

	"github.com/term2048/2048/tui/history"
)

// A Dealer deals the seeds of new games. A local game's seed is a number
// under a billion, shown at the top of the screen, so that a player can
// note it and play the game again with -seed; the daily challenge's is the
// date's own (history.DailySeed).
//
// On a server, where the leaderboards rank games played by hand, a seed
// a player knows gives the tiles to come to an AI of their own: there the
// seeds are secret. A new game's is 64 random bits, which no one can guess
// from the tiles dealt (a seed under a billion could be searched for in
// seconds), and is not shown; the daily challenge's is the server's to deal
// (Daily), unknown before its day.
type Dealer struct {
	// Daily deals the daily challenge's seed of a date; nil: the date's
	// own, history.DailySeed.
	Daily func(date string) (uint64, error)
	// Secret keeps the seeds of new games secret (64 random bits, never
	// shown).
	Secret bool
}

// New returns the seed of a new game.
func (s Dealer) New() uint64 {
	if !s.Secret {
		return 1 + mathrand.Uint64N(999_999_999)
	}
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return binary.LittleEndian.Uint64(b[:])
}

// DailySeed returns the seed of the daily challenge of date.
func (s Dealer) DailySeed(date string) (uint64, error) {
	if s.Daily != nil {
		return s.Daily(date)
	}
	return history.DailySeed(date)
}

// Shown returns how the top line names the game of seed: "game SEED", or
// nothing if the seed is secret.
func (s Dealer) Shown(seed uint64) string {
	if s.Secret {
		return ""
	}
	return fmt.Sprintf("game %d", seed)
}
