//go:build serve

package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/tui/serve/ledger"
	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// TestServeUsage checks that 2048 serve refuses flags out of range with a
// usage error.
func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "-max-sessions", "0"},
		{"serve", "-ai-threads", "0"},
		{"serve", "-think", "0s"},
		{"serve", "-idle", "-1s"},
		{"serve", "extra"},
		{"serve", "-eval", "bogus"},
		{"serve", "-weights", "x"}, // the heuristic reads none
	} {
		status, _, stderr := runCommand(context.Background(), args...)
		if status != 2 || !strings.Contains(stderr, "usage: 2048 serve") {
			t.Errorf("%v: status %d, %q; want 2 and the usage", args, status, stderr)
		}
	}
}

// TestServeCopyTo copies the ledger of a server's directory with
// 2048 serve -copy-to, which wants a PostgreSQL URL, and says what it
// copied and how to run the server of the copy.
func TestServeCopyTo(t *testing.T) {
	dir := t.TempDir()
	d, err := ledger.Open(filepath.Join(dir, "ledger.db"), ledger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	status, _, stderr := runCommand(context.Background(), "serve", "-data", dir, "-copy-to", filepath.Join(dir, "copy.db"))
	if status != 1 || !strings.Contains(stderr, "want a PostgreSQL URL") {
		t.Errorf("-copy-to a file: status %d, %q; want 1 and a PostgreSQL URL asked for", status, stderr)
	}
	to := ledgertest.Postgres.New(t)
	status, stdout, stderr := runCommand(context.Background(), "serve", "-data", dir, "-copy-to", to)
	if status != 0 || !strings.Contains(stdout, "copied "+filepath.Join(dir, "ledger.db")) || !strings.Contains(stdout, "run the server with -db") {
		t.Errorf("-copy-to %s: status %d, %q, %q; want 0 and what was copied", to, status, stdout, stderr)
	}
}
