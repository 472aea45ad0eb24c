//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// unixOnlyPathCases are the bad paths only Unix makes: a named pipe, which
// blocks whoever opens it to read until a writer comes (and a writer until
// a reader comes), devices that never end or wait for a line, and a link
// to itself.
var unixOnlyPathCases = []pathCase{
	{"named pipe", func(t *testing.T, dir, base string) string {
		path := filepath.Join(dir, base)
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Skip("no named pipe here:", err)
		}
		return path
	}},
	{"/dev/null", func(*testing.T, string, string) string { return "/dev/null" }},
	{"/dev/zero", func(*testing.T, string, string) string { return "/dev/zero" }},
	{"/dev/tty", func(t *testing.T, _, _ string) string {
		if _, err := os.Stat("/dev/tty"); err != nil {
			t.Skip("no /dev/tty here:", err)
		}
		return "/dev/tty"
	}},
	{"loop of links", func(t *testing.T, dir, base string) string {
		path := filepath.Join(dir, base)
		if err := os.Symlink(path, path); err != nil {
			t.Skip("no symbolic link here:", err)
		}
		return path
	}},
}
