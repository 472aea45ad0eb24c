//go:build serve

package main

import (
	"context"
	"strings"
	"testing"
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
	} {
		status, _, stderr := runCommand(context.Background(), args...)
		if status != 2 || !strings.Contains(stderr, "usage: 2048 serve") {
			t.Errorf("%v: status %d, %q; want 2 and the usage", args, status, stderr)
		}
	}
}
