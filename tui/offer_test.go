package tui

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/bundled"
)

// tinyPlayFile returns a play file of an untrained 4×6 network, said to
// have trained on 12 games: every weight the same, so that it compresses
// to a few hundred kilobytes. It is written once.
func tinyPlayFile(t *testing.T) []byte {
	t.Helper()
	tiny.once.Do(func() {
		n, err := ntuple.New(ntuple.FourBySix, ntuple.DefaultInitialValue)
		if err != nil {
			tiny.err = err
			return
		}
		var b bytes.Buffer
		_, tiny.err = (&ntuple.Checkpoint{Net: n, State: ntuple.State{Episodes: 12}}).WritePlay(&b, 0, ntuple.DefaultTiers())
		tiny.file = b.Bytes()
	})
	if tiny.err != nil {
		t.Fatal(tiny.err)
	}
	return tiny.file
}

var tiny struct {
	once sync.Once
	file []byte
	err  error
}

// testNetworks returns the places of a network in a new directory, with
// file as the network built in (nil: none).
func testNetworks(t *testing.T, file []byte) networks {
	dir := t.TempDir()
	n := networks{trained: filepath.Join(dir, "ntuple.weights"), dropped: filepath.Join(dir, "ntuple.play"), bundled: fstest.MapFS{}}
	if file != nil {
		n.bundled = fstest.MapFS{bundled.Path: {Data: file}}
	}
	return n
}

// TestNetworkBuiltIn checks that a play file built in is offered, checked
// and opened when the player has no network, that one put in the data
// directory comes before it, and that the player's own network comes
// before both and is not offered.
func TestNetworkBuiltIn(t *testing.T) {
	file := tinyPlayFile(t)
	n := testNetworks(t, file)
	o := n.offer()
	if o == nil || o.Where != builtIn || o.Err != nil || o.Design != ntuple.FourBySix || o.State.Episodes != 12 {
		t.Fatalf("offer() = %+v; want the network built in, 4x6, 12 games", o)
	}
	net, err := n.open()
	if err != nil {
		t.Fatalf("open() = %v; want the network built in", err)
	}
	if v := net.Evaluate(0x1234_0000_0000_0000); v != ntuple.DefaultInitialValue {
		t.Errorf("the untrained network built in values a board at %v; want %v", v, ntuple.DefaultInitialValue)
	}

	if err := os.WriteFile(n.dropped, file, 0o644); err != nil {
		t.Fatal(err)
	}
	if o := n.offer(); o == nil || o.Where != n.dropped || o.Err != nil {
		t.Errorf("with a play file in the data directory: offer() = %+v; want it", o)
	}
	if err := os.WriteFile(n.trained, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if o := n.offer(); o != nil {
		t.Errorf("with a network of the player's own: offer() = %+v; want none", o)
	}
	if _, err := n.open(); err == nil || !strings.Contains(err.Error(), n.trained) {
		t.Errorf("with a network of the player's own, not a weights file: open() = %v; want its problem", err)
	}
}

// TestNoNetwork checks that without any network none is offered, and
// opening one says how to get one.
func TestNoNetwork(t *testing.T) {
	n := testNetworks(t, nil)
	if o := n.offer(); o != nil {
		t.Errorf("offer() = %+v; want none", o)
	}
	_, err := n.open()
	if !errors.Is(err, ErrNoWeights) || !strings.Contains(err.Error(), "2048 train") || !strings.Contains(err.Error(), n.dropped) {
		t.Errorf("open() = %v; want ErrNoWeights, saying how to train one and where a play file goes", err)
	}
}

// TestDamagedNetworkBuiltIn checks that a damaged network built in is
// offered with what is wrong, refused when opened, and that the game
// says so at start and in its panel.
func TestDamagedNetworkBuiltIn(t *testing.T) {
	file := bytes.Clone(tinyPlayFile(t))
	file[len(file)/2] ^= 1
	n := testNetworks(t, file)
	o := n.offer()
	if o == nil || o.Err == nil || !strings.Contains(o.Err.Error(), "checksum of the weights") {
		t.Fatalf("offer() = %+v; want the checksum's mismatch", o)
	}
	if _, err := n.open(); err == nil || !strings.HasPrefix(err.Error(), builtIn+": damaged") {
		t.Errorf("open() = %v; want %q, damaged", err, builtIn)
	}
	m := newTestModel(t, Config{Network: o})
	if text := plain(m); !strings.Contains(text, "NETWORK built in · damaged") || !strings.Contains(text, "keeps to its heuristics") {
		t.Errorf("the screen with a damaged network built in: %q; want it said", text)
	}
}

// TestPanelOffersNetwork checks what the panel and the settings say of a
// network on offer: the panel says it is there until the AI uses it, and
// without one shows the theme as ever.
func TestPanelOffersNetwork(t *testing.T) {
	offer := &NetworkOffer{Where: builtIn, Design: ntuple.FourBySix, State: ntuple.State{Episodes: 12}}
	m := newTestModel(t, Config{Network: offer})
	if text := plain(m); !strings.Contains(text, "NETWORK built in · o to use") || strings.Contains(text, "THEME") {
		t.Errorf("a network on offer: the screen says %q; want NETWORK built in · o to use", text)
	}
	if got := m.weightsShown(); got != "built in" {
		t.Errorf("weightsShown() = %q; want built in", got)
	}
	m.screens.open(&settingsView{})
	if got := m.aboutWeights(); !strings.Contains(got, "none of your own") || !strings.Contains(got, "4x6, trained on 12 games") {
		t.Errorf("aboutWeights() = %q; want the network on offer described", got)
	}
	staged := *offer
	staged.StageTiles = []int{0, 16384}
	if got := staged.about(); !strings.Contains(got, "(4x6 in 2 stages, the later from 16384, trained on 12 games)") {
		t.Errorf("about() of a network of two stages = %q; want its stages named", got)
	}
	m.screens.close(m.screens.settings())
	m.ai.evalName = ntuple.EvaluatorName
	if text := plain(m); strings.Contains(text, "NETWORK") || !strings.Contains(text, "THEME") {
		t.Errorf("the network on offer in use: the screen says %q; want the theme", text)
	}
	if text := plain(newTestModel(t, Config{})); !strings.Contains(text, "THEME") || strings.Contains(text, "NETWORK") {
		t.Errorf("no network on offer: the screen says %q; want the theme", text)
	}
}
