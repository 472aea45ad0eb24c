package trainfiles_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/dirlock"
	"github.com/term2048/2048/tui/trainfiles"
)

func TestCurveRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.curve.csv")
	if points, err := trainfiles.ReadCurve(path); points != nil || err != nil {
		t.Fatalf("ReadCurve(no file) = %v, %v; want nothing", points, err)
	}
	want := []curve.Point{{Plies: 1, Training: 10 * time.Minute, Episodes: 1200, Games: 100, Mean: 31000}}
	if err := trainfiles.WriteCurve(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := trainfiles.ReadCurve(path)
	if err != nil || len(got) != 1 || got[0].Episodes != 1200 || got[0].Mean != 31000 || got[0].Training != 10*time.Minute {
		t.Errorf("ReadCurve after WriteCurve(%+v) = %+v, %v", want, got, err)
	}
	if err := os.WriteFile(path, []byte("not a curve\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := trainfiles.ReadCurve(path); err == nil || !strings.Contains(err.Error(), "fix or move the file") {
		t.Errorf("ReadCurve(a file of something else) = %v; want an error that says to fix it", err)
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	ok := trainfiles.Files{Weights: filepath.Join(dir, "new", "net.weights"), Curve: filepath.Join(dir, "net.curve.csv")}
	if err := ok.Check(); err != nil {
		t.Errorf("Check(%+v) = %v; want nil", ok, err)
	}
	if _, err := os.Stat(filepath.Dir(ok.Weights)); err != nil {
		t.Errorf("Check did not create the weights file's directory: %v", err)
	}
	bad := trainfiles.Files{Weights: ok.Weights, Curve: dir}
	if err := bad.Check(); err == nil || !strings.HasPrefix(err.Error(), "-log "+dir+": ") {
		t.Errorf("Check(a curve that is a directory) = %v; want an error of -log", err)
	}
}

func TestPlotCurve(t *testing.T) {
	path := filepath.Join(t.TempDir(), "curve.svg")
	p := curve.Point{Plies: 1, Training: time.Minute, Games: 10, Mean: 100, MeanLow: 90, MeanHigh: 110}
	p.Reach[0] = sim.TileRate{Tile: curve.Tiles[0], Share: 0.5, Low: 0.2, High: 0.8}
	if err := trainfiles.PlotCurve(path, []curve.Point{p}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(path); err != nil || !strings.Contains(string(data), "<svg") {
		t.Errorf("PlotCurve wrote %.40q, %v; want an SVG", data, err)
	}
	if err := trainfiles.PlotCurve(filepath.Join(t.TempDir(), "curve.pdf"), nil); err == nil {
		t.Error("PlotCurve(a .pdf) = nil; want an error")
	}
}

func TestLockWeights(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.weights")
	var stderr strings.Builder
	lock, err := trainfiles.LockWeights(path, &stderr)
	if errors.Is(err, dirlock.ErrUnsupported) || lock == nil && err == nil {
		t.Skip("no locks on this file system")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	if _, err := trainfiles.LockWeights(path, &stderr); err == nil || !strings.Contains(err.Error(), "only one training at a time") {
		t.Errorf("LockWeights of a file locked = %v; want a refusal", err)
	}
}
