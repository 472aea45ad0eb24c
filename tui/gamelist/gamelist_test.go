package gamelist_test

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/term2048/2048/tui/gamelist"
	"github.com/term2048/2048/tui/history"
)

// TestWidths: the list shows the columns that fit, the first two at
// least, and a row and the header never pass the width they are given.
func TestWidths(t *testing.T) {
	g := history.Record{Ended: time.Date(2026, 11, 29, 3, 4, 0, 0, time.UTC), Score: 123_456, MoveCount: 4_321,
		Undos: 2, Played: 754 * time.Second, SetUp: true}
	for _, c := range []struct {
		width      int
		head, last string
	}{
		{20, "DATE", "SCORE"}, {30, "DATE", "SCORE"}, {44, "DATE", "MOVES"}, {80, "DATE", "HOW"},
	} {
		head, row := gamelist.Header(c.width), gamelist.Row(g, false, c.width)
		if w := ansi.StringWidth(head); w > c.width {
			t.Errorf("width %d: the header %q is %d wide", c.width, head, w)
		}
		if w := ansi.StringWidth(row); w > c.width-2 {
			t.Errorf("width %d: the row %q is %d wide; want at most %d", c.width, row, w, c.width-2)
		}
		fields := strings.Fields(head)
		if fields[0] != c.head || !strings.HasPrefix(c.last, strings.TrimSuffix(fields[len(fields)-1], "…")) {
			t.Errorf("width %d: the header %q; want %s to %s", c.width, head, c.head, c.last)
		}
	}
	if row := gamelist.Row(g, false, 100); !strings.HasPrefix(row, "2026-11-29 03:04") || !strings.Contains(row, "123,456") ||
		!strings.Contains(row, "12:34") || !strings.HasSuffix(row, "by hand, set up") {
		t.Errorf("a game's row: %q", row)
	}
	if row := gamelist.Row(g, true, 100); !strings.HasPrefix(row, "this game") {
		t.Errorf("the game on screen's row: %q; want it named this game", row)
	}
}
