//go:build serve

package serve

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/tui/settings"
)

// TestPrefsKeptInTheLedger: a setting changed in a session is kept in the
// ledger, the settings screen saying so as the player sees it, and no file
// is written; at the next login the game has it.
func TestPrefsKeptInTheLedger(t *testing.T) {
	ts := startServer(t, Config{})
	key := newKey(t)
	fp := ssh.FingerprintSHA256(key.PublicKey())
	term := ts.play(t, key, 80, 30)
	term.waitText("SCORE")
	term.press("o")
	term.waitText("Theme")
	term.press(keyRight)
	term.waitText("Kept in " + prefsShown + ".")
	term.press("\x1b")
	term.waitFor("the game", func(screen string) bool { return !strings.Contains(screen, "· settings") })
	term.press("q")
	if code := term.wait(); code != 0 {
		t.Fatalf("quitting: exit status %d; want 0", code)
	}

	text, ok, err := ts.ledger.LoadPrefs(fp)
	if err != nil || !ok {
		t.Fatalf("the preferences in the ledger: %q, %v, %v; want the change", text, ok, err)
	}
	theme := settings.LoadFrom((&ledgerPlayer{db: ts.ledger, player: fp}).Prefs()).Theme.Name
	if theme == settings.DefaultPrefs().Theme.Name {
		t.Fatalf("the theme kept is %s, the default; want the one chosen", theme)
	}
	if files, _ := filepath.Glob(filepath.Join(ts.players, "*", "config", "*")); len(files) != 0 {
		t.Errorf("files %v; want the preferences in the ledger only", files)
	}

	again := ts.play(t, key, 80, 30)
	again.waitText("SCORE")
	again.press("o")
	again.waitFor("the theme kept", func(screen string) bool {
		for _, line := range strings.Split(screen, "\n") {
			if strings.Contains(line, "Theme") && strings.Contains(line, theme) {
				return true
			}
		}
		return false
	})
	again.press("\x1b")
	again.waitFor("the game", func(screen string) bool { return !strings.Contains(screen, "· settings") })
	again.press("q")
	again.wait()
}
