package evaluators

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
	if o == nil || o.Where != BuiltIn || o.Err != nil || o.Design != ntuple.FourBySix || o.State.Episodes != 12 {
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
// offered with what is wrong, and refused when opened.
func TestDamagedNetworkBuiltIn(t *testing.T) {
	file := bytes.Clone(tinyPlayFile(t))
	file[len(file)/2] ^= 1
	n := testNetworks(t, file)
	o := n.offer()
	if o == nil || o.Err == nil || !strings.Contains(o.Err.Error(), "checksum of the weights") {
		t.Fatalf("offer() = %+v; want the checksum's mismatch", o)
	}
	if _, err := n.open(); err == nil || !strings.HasPrefix(err.Error(), BuiltIn+": damaged") {
		t.Errorf("open() = %v; want %q, damaged", err, BuiltIn)
	}
}

// TestDefaultPaths checks that the default network files are in the
// player's data directory as the environment says it now.
func TestDefaultPaths(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	if got, want := DefaultWeightsPath(), filepath.Join(dir, "2048", "ntuple.weights"); got != want {
		t.Errorf("DefaultWeightsPath() = %q; want %q", got, want)
	}
	if got, want := DefaultPlayPath(), filepath.Join(dir, "2048", "ntuple.play"); got != want {
		t.Errorf("DefaultPlayPath() = %q; want %q", got, want)
	}
}
