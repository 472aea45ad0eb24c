package main

import (
	"context"
	"strings"
	"testing"
)

// TestFlagNamesQuoted gives every command flags whose names hold an escape
// sequence: the error quotes the name as Go writes a string, so that no
// escape reaches the terminal, where it would change the colours or worse.
func TestFlagNamesQuoted(t *testing.T) {
	boolFlag := map[string]string{"": "new", "hint": "json", "sim": "json", "bench": "json", "review": "json", "train": "resume"}
	for cmd, flag := range boolFlag {
		for _, c := range []struct {
			arg, want string
		}{
			{"-\x1b[31mx", `flag provided but not defined: "-\x1b[31mx"`},
			{"-\x1b]0;title\a", `flag provided but not defined: "-\x1b]0;title\a"`},
			{"---\x1b[2J", `bad flag syntax: "---\x1b[2J"`},
			{"-" + flag + "=\x1b[31m", `invalid boolean value "\x1b[31m" for -` + flag},
		} {
			args := []string{c.arg}
			if cmd != "" {
				args = []string{cmd, c.arg}
			}
			status, stdout, stderr := runCommand(context.Background(), args...)
			if status != 2 || stdout != "" || strings.ContainsAny(stderr, "\x1b\a") || !strings.Contains(stderr, c.want) {
				t.Errorf("2048 %q: status %d, stdout %q, stderr %q; want 2 and %s", args, status, stdout, stderr, c.want)
			}
		}
	}
	status, _, stderr := runCommand(context.Background(), "hint", "-depth")
	if want := `flag needs an argument: "-depth"`; status != 2 || !strings.Contains(stderr, want) {
		t.Errorf("2048 hint -depth: status %d, stderr %q; want 2 and %s", status, stderr, want)
	}
}

// TestUserStringsQuoted gives the commands arguments and flag values that
// hold an escape sequence where they take a name, a board or a number: the
// error quotes what was given.
func TestUserStringsQuoted(t *testing.T) {
	const esc = "\x1b[31m"
	for _, args := range [][]string{
		{esc},
		{"-theme", esc},
		{"-color", esc},
		{"-eval", esc},
		{"hint", esc},
		{"hint", "2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 " + esc},
		{"sim", esc},
		{"sim", "-player", esc},
		{"sim", "-compare", "-depths", "1-" + esc},
		{"sim", "-shard", esc},
		{"bench", esc},
		{"review", "-depth", esc, "game.json"},
	} {
		status, stdout, stderr := runCommand(context.Background(), args...)
		if status != 2 || stdout != "" || strings.Contains(stderr, "\x1b") || !strings.Contains(stderr, `\x1b[31m`) {
			t.Errorf("2048 %q: status %d, stdout %q, stderr %q; want 2 and the escape quoted", args, status, stdout, stderr)
		}
	}
}

// TestBoardLikeAFlag checks that a board that begins with "-" is taken as
// the board it is, wherever it stands among the flags, and refused as a
// board, with the board's reason; and that a flag's value and an unknown
// flag are still told apart from it.
func TestBoardLikeAFlag(t *testing.T) {
	for _, args := range [][]string{
		{"hint", "-2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2"},
		{"hint", "-depth", "2", "-2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2", "-json"},
		{"hint", "- 2 - - / - - - - / - - - - / - - - 2"},
	} {
		status, _, stderr := runCommand(context.Background(), args...)
		if status != 2 || !strings.Contains(stderr, "is not a tile value") || strings.Contains(stderr, "not defined") {
			t.Errorf("%q: status %d, %q; want 2 and the board's reason", args, status, stderr)
		}
	}
	status, stdout, stderr := runCommand(context.Background(), "hint", "-depth", "2", "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2", "-json")
	if status != 0 || !strings.HasPrefix(stdout, "{") {
		t.Errorf("a board among flags: status %d, %q, %q", status, stdout, stderr)
	}
	status, _, stderr = runCommand(context.Background(), "hint", "-bogus", "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2")
	if status != 2 || !strings.Contains(stderr, `flag provided but not defined: "-bogus"`) {
		t.Errorf("an unknown flag: status %d, %q", status, stderr)
	}
	status, _, stderr = runCommand(context.Background(), "hint", "-depth", "-2 0 / 0 0", "2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2")
	if status != 2 || !strings.Contains(stderr, "for flag -depth") {
		t.Errorf("a board as the value of -depth: status %d, %q; want -depth's refusal", status, stderr)
	}
}
