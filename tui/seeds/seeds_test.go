package seeds_test

import (
	"testing"

	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/seeds"
)

// TestDealer: a local game's seed is under a billion and shown; a secret
// one is 64 random bits, never shown; the daily challenge's seed is the
// date's own, or the one the server deals.
func TestDealer(t *testing.T) {
	local, secret := seeds.Dealer{}, seeds.Dealer{Secret: true, Daily: func(string) (uint64, error) { return 7, nil }}
	big := 0
	for range 100 {
		if s := local.New(); s == 0 || s >= 1e9 {
			t.Fatalf("a local seed %d; want 1 to 999,999,999", s)
		}
		if secret.New() >= 1<<32 {
			big++
		}
	}
	if big < 90 {
		t.Errorf("%d of 100 secret seeds of 32 bits or more; want nearly all", big)
	}
	if got := local.Shown(42); got != "game 42" {
		t.Errorf("a local seed is shown as %q; want game 42", got)
	}
	if got := secret.Shown(42); got != "" {
		t.Errorf("a secret seed is shown as %q; want nothing", got)
	}
	want, err := history.DailySeed("2026-11-29")
	if got, err2 := local.DailySeed("2026-11-29"); got != want || err != nil || err2 != nil {
		t.Errorf("the local daily seed %d (%v); want the date's own, %d", got, err2, want)
	}
	if got, err := secret.DailySeed("2026-11-29"); got != 7 || err != nil {
		t.Errorf("the server's daily seed %d (%v); want the one dealt, 7", got, err)
	}
}
