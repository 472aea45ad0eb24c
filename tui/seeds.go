package tui

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	mathrand "math/rand/v2"

	"github.com/term2048/2048/tui/history"
)

// seeds deals the seeds of new games. A local game's seed is a number
// under a billion, shown at the top of the screen, so that a player can
// note it and play the game again with -seed; the daily challenge's is the
// date's own (history.DailySeed).
//
// On a server, where the leaderboards rank games played by hand, a seed
// a player knows gives the tiles to come to an AI of their own: there the
// seeds are secret. A new game's is 64 random bits, which no one can guess
// from the tiles dealt (a seed under a billion could be searched for in
// seconds), and is not shown; the daily challenge's is the server's to deal
// (Config.DailySeed), unknown before its day.
type seeds struct {
	daily  func(date string) (uint64, error)
	secret bool
}

// newSeed returns the seed of a new game.
func (s seeds) newSeed() uint64 {
	if !s.secret {
		return 1 + mathrand.Uint64N(999_999_999)
	}
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return binary.LittleEndian.Uint64(b[:])
}

// dailySeed returns the seed of the daily challenge of date.
func (s seeds) dailySeed(date string) (uint64, error) {
	if s.daily != nil {
		return s.daily(date)
	}
	return history.DailySeed(date)
}

// shown returns how the top line names the game of seed: "game SEED", or
// nothing if the seed is secret.
func (s seeds) shown(seed uint64) string {
	if s.secret {
		return ""
	}
	return fmt.Sprintf("game %d", seed)
}
