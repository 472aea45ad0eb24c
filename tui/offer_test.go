package tui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai/ntuple"
)

// TestDamagedNetworkShown checks that the game says, at start and in its
// panel, that the network built in is damaged (see evaluators' tests for
// the check that finds it so).
func TestDamagedNetworkShown(t *testing.T) {
	o := &NetworkOffer{Where: builtIn, Err: errors.New("damaged play file: the checksum of the weights does not match")}
	m := newTestModel(t, Config{Network: o})
	if text := plain(m); !strings.Contains(text, "AI heuristic · network damaged") || !strings.Contains(text, "keeps to its heuristics") {
		t.Errorf("the screen with a damaged network built in: %q; want it said", text)
	}
}

// TestPanelOffersNetwork checks what the panel and the settings say of a
// network on offer: the panel names the AI that hints, and the key that
// offers the network until the AI uses it.
func TestPanelOffersNetwork(t *testing.T) {
	offer := &NetworkOffer{Where: builtIn, Design: ntuple.FourBySix, State: ntuple.State{Episodes: 12}}
	m := newTestModel(t, Config{Network: offer})
	if text := plain(m); !strings.Contains(text, "AI heuristic · o: network") {
		t.Errorf("a network on offer: the screen says %q; want AI heuristic · o: network", text)
	}
	if got := (weightsOption{}).value(m); got != "built in" {
		t.Errorf("weightsShown() = %q; want built in", got)
	}
	m.screens.open(&settingsView{})
	if got := (weightsOption{}).about(m); !strings.Contains(got, "none of your own") || !strings.Contains(got, "4x6, trained on 12 games") {
		t.Errorf("aboutWeights() = %q; want the network on offer described", got)
	}
	staged := *offer
	staged.StageTiles = []int{0, 16384}
	if got := staged.about(); !strings.Contains(got, "(4x6 in 2 stages, the later from 16384, trained on 12 games)") {
		t.Errorf("about() of a network of two stages = %q; want its stages named", got)
	}
	m.screens.close(m.screens.settings())
	m.ai.evalName = ntuple.EvaluatorName
	if text := plain(m); !strings.Contains(text, "AI network ") || strings.Contains(text, "o: network") {
		t.Errorf("the network on offer in use: the screen says %q; want AI network, and no offer", text)
	}
	m.ai.evalName, m.ai.opening = "nneonneo", ntuple.EvaluatorName
	if text := plain(m); !strings.Contains(text, "AI heuristic · opening network…") {
		t.Errorf("the network being opened: the screen says %q; want it said", text)
	}
	if text := plain(newTestModel(t, Config{})); !strings.Contains(text, "AI heuristic ") || strings.Contains(text, "network") {
		t.Errorf("no network on offer: the screen says %q; want AI heuristic, and no network", text)
	}
}

// TestHeuristicWhileTheNetworkOpens: while the network is being read (its
// opening never answers here, as a slow disk would keep it), the AI
// answers with the heuristic, and the panel says which AI hints and that
// the network is on its way.
func TestHeuristicWhileTheNetworkOpens(t *testing.T) {
	m := newTestModel(t, Config{Depth: 2, Network: &NetworkOffer{Where: builtIn, Design: ntuple.FourBySix}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 34})
	m.ai.openEvaluator(ntuple.EvaluatorName, "", true) // its command, which reads the file, never runs
	moveOnce(t, m)
	settle(m, press(m, "h"), 10)
	text := plain(m)
	if m.ai.hint == nil || !m.ai.hint.HasMove() {
		t.Fatalf("no hint while the network opens:\n%s", text)
	}
	if !strings.Contains(text, "AI heuristic · opening network…") || !strings.Contains(text, "% lost against the best") {
		t.Errorf("while the network opens the screen says:\n%s\nwant the heuristic's hint, in percent, and the network said to be opening", text)
	}
}
