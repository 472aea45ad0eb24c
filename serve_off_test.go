//go:build !serve

package main

import (
	"context"
	"strings"
	"testing"
)

// TestServeNotBuiltIn checks that 2048 serve, in a build without the
// server, says how to build it and fails.
func TestServeNotBuiltIn(t *testing.T) {
	status, _, stderr := runCommand(context.Background(), "serve")
	if status != 1 || !strings.Contains(stderr, "-tags serve") {
		t.Errorf("2048 serve without the server: status %d, %q; want 1 and how to build it", status, stderr)
	}
}
