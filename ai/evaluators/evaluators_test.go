package evaluators

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/regularfile"
)

// TestOpen checks that Open builds the heuristics by name, refuses a
// name it does not know, and reads the network named by its file.
func TestOpen(t *testing.T) {
	if e, err := Open("snake", ""); err != nil || e == nil {
		t.Errorf("Open(snake) = %v, %v; want the heuristic", e, err)
	}
	if _, err := Open("nn", ""); err == nil {
		t.Errorf("Open(nn) = nil error; want an unknown name")
	}
	path := filepath.Join(t.TempDir(), "tiny.play")
	if err := os.WriteFile(path, tinyPlayFile(t), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := Open(ntuple.EvaluatorName, path)
	if err != nil {
		t.Fatalf("Open(%s, %s) = %v; want the network", ntuple.EvaluatorName, path, err)
	}
	if v := e.Evaluate(0x1234_0000_0000_0000); v != ntuple.DefaultInitialValue {
		t.Errorf("the untrained network values a board at %v; want %v", v, ntuple.DefaultInitialValue)
	}
}

// TestReadNetworkRefuses checks what ReadNetwork says of a missing file,
// a damaged one and a directory: each error names the path once.
func TestReadNetworkRefuses(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.weights")
	if err := os.WriteFile(garbage, []byte("not a network\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none.weights")
	_, _, err := ReadNetwork(missing)
	if !errors.Is(err, ErrNoWeights) || !strings.Contains(err.Error(), "2048 train -time 1h") {
		t.Errorf("ReadNetwork(missing) = %v; want ErrNoWeights, saying how to train one", err)
	}
	if _, _, err := ReadNetwork(garbage); err == nil || !strings.HasPrefix(err.Error(), "weights file "+garbage+": ") {
		t.Errorf("ReadNetwork(garbage) = %v; want what is wrong with the file", err)
	}
	_, _, err = ReadNetwork(dir)
	if !errors.Is(err, regularfile.ErrNotRegular) || strings.Count(err.Error(), dir) != 1 {
		t.Errorf("ReadNetwork(a directory) = %v; want ErrNotRegular, naming the path once", err)
	}
}
