package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestRemoteFilter checks that a program on a remote terminal never
// suspends, and notes its first size.
func TestRemoteFilter(t *testing.T) {
	r := newRemoteLink(&Terminal{})
	if msg := r.filter(nil, tea.SuspendMsg{}); msg != (tea.ResumeMsg{}) {
		t.Errorf("filter(SuspendMsg) = %#v; want ResumeMsg", msg)
	}
	select {
	case <-r.sized:
		t.Fatal("sized before any size")
	default:
	}
	r.filter(nil, tea.WindowSizeMsg{Width: 80, Height: 24})
	r.filter(nil, tea.WindowSizeMsg{Width: 81, Height: 24})
	<-r.sized
}

// TestStill checks that the tiles of a still game do not slide, whatever
// the player's preference, and that the settings say why.
func TestStill(t *testing.T) {
	m := newTestModel(t, Config{Still: true, Animate: true, Color: ColorTrue})
	for _, k := range []string{"up", "left", "down", "right"} {
		press(m, k)
		if m.motion.anim != nil {
			t.Fatalf("a still game animates the move %s", k)
		}
	}
	m.openSettings()
	if (animateOption{}).step(m, 1); m.motion.anim != nil || m.screens.settings().said != stillText {
		t.Errorf("the animation stepped on a still game: told %q", m.screens.settings().said)
	}
	if moving := newTestModel(t, Config{Animate: true, Color: ColorTrue}); !moving.motion.animates(moving, 0) {
		t.Error("a game that is not still does not animate the player's moves")
	}
}

// TestRemoteHelpHasNoSuspend: on a remote terminal, where ctrl+z suspends
// nothing, the help does not offer it.
func TestRemoteHelpHasNoSuspend(t *testing.T) {
	m := newTestModel(t, Config{})
	if text, _ := (&helpPage{}).helpText(m, helpWidth); !strings.Contains(text, "suspend") {
		t.Fatalf("the local help does not offer suspend:\n%s", text)
	}
	newRemoteLink(&Terminal{}).adapt(m)
	if text, _ := (&helpPage{}).helpText(m, helpWidth); strings.Contains(text, "suspend") {
		t.Errorf("the help on a remote terminal offers suspend:\n%s", text)
	}
}
