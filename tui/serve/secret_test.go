//go:build serve

package serve

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestKeyFile checks the server's secret: made once, mode 0600, its
// challenges from the next day on, read back the same; one others may
// read, or damaged, refused with the reason.
func TestKeyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), keyFile)
	now := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
	k, err := loadKey(keyFilePath{path, true}, now)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the key's file: %v, %v; want mode 0600", fi, err)
	}
	if k.From != "2026-11-29" {
		t.Errorf("a new key deals from %s; want the next day", k.From)
	}
	again, err := loadKey(keyFilePath{path, true}, now.Add(48*time.Hour))
	if err != nil || again != k {
		t.Errorf("the key read again: %+v, %v; want the one made", again, err)
	}
	os.Chmod(path, 0o644)
	if _, err := loadKey(keyFilePath{path, true}, now); err == nil || !strings.Contains(err.Error(), "may be read by others") {
		t.Errorf("a key others may read: %v; want refused", err)
	}
	for _, bad := range []string{"", "2048 serve secret 1\n2026-11-29\n00\n", "2048 serve secret 1\nsoon\n" + strings.Repeat("0", 64) + "\n",
		"2048 serve secret 2\n2026-11-29\n" + strings.Repeat("0", 64) + "\n", "2048 serve secret 1\n2026-11-29\n" + strings.Repeat("z", 64) + "\n"} {
		os.WriteFile(path, []byte(bad), 0o600)
		if _, err := loadKey(keyFilePath{path, true}, now); err == nil {
			t.Errorf("the key %q: read; want refused", bad)
		}
	}
}

// TestSeedsSecret checks that a game on the server shows no seed, and
// that its daily challenge is the one the server's key deals.
func TestSeedsSecret(t *testing.T) {
	ts := startServer(t, Config{})
	term := ts.play(t, newKey(t), 80, 24)
	screen := term.waitText("MOVES")
	if regexp.MustCompile(`game \d+`).MatchString(screen) {
		t.Errorf("the screen shows the game's seed:\n%s", screen)
	}
	key, err := loadKey(keyFilePath{filepath.Join(ts.cfg.Dir, keyFile), true}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if seed, err := ts.ledger.DailySeed("2100-01-01"); err != nil || key.From > "2100-01-01" {
		t.Fatalf("the ledger's seed: %v", err)
	} else if want, _ := key.DailySeed("2100-01-01"); seed != want {
		t.Errorf("the ledger deals %d; the server's key %d", seed, want)
	}
}

// TestNamedKeysMustExist: a host key or a secret named by the Config (the
// files the servers of one database share) is read, never made: a server
// that made its own would refuse the others' games and greet their
// players with another host key.
func TestNamedKeysMustExist(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Dir: dir}
	for _, named := range []string{"host", "secret"} {
		missing := filepath.Join(dir, "shared", named)
		var err error
		if named == "host" {
			_, err = loadHostKey(cfg.keyPath(missing, hostKeyFile))
		} else {
			_, err = loadKey(cfg.keyPath(missing, keyFile), time.Now())
		}
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the %s key named at %s, missing: %v; want it refused, not made", named, missing, err)
		}
		if _, statErr := os.Stat(missing); !errors.Is(statErr, fs.ErrNotExist) {
			t.Errorf("the %s key named at %s was made", named, missing)
		}
	}
	// Dir's own are made the first time, and named they are read.
	if _, err := loadHostKey(cfg.keyPath("", hostKeyFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := loadKey(cfg.keyPath("", keyFile), time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := loadHostKey(cfg.keyPath(filepath.Join(dir, hostKeyFile), "unused")); err != nil {
		t.Errorf("a host key named where it exists: %v", err)
	}
	if _, err := loadKey(cfg.keyPath(filepath.Join(dir, keyFile), "unused"), time.Now()); err != nil {
		t.Errorf("a secret named where it exists: %v", err)
	}
}
