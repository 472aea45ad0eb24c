package bundled_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"testing"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/bundled"
	"github.com/term2048/2048/ai/sim"
)

// The network built into the game, as docs/training.md measures it ("The
// network built into the game"): the SHA-256 of its play file, and a floor
// under the mean score of its first 100 seeds at one ply. Replacing the
// file means measuring the new one and writing its figures here and there.
const (
	builtInSHA256 = "5fc603880500e85b800c45c4c8f91c460c24deccc2cec1009ecfc62f6ec9b05e"
	// builtInFloor is a floor, not the figure (182,690 on amd64): a game's
	// moves may differ between processors that fuse a multiplication with
	// an addition, and the mean of 100 games wanders by a tenth either way.
	// A network of the earlier recipe, or of half an hour, is below it.
	builtInFloor = 150_000
)

// TestNetworkBuiltIn checks the network built into the game, if there is
// one: that it is the file docs/training.md measured, that its checksums
// hold, and that it plays as a trained network does.
func TestNetworkBuiltIn(t *testing.T) {
	file, err := fs.ReadFile(bundled.FS(), bundled.Path)
	if errors.Is(err, fs.ErrNotExist) {
		if builtInSHA256 != "" {
			t.Fatalf("no network at %s, yet one is measured (SHA-256 %s)", bundled.Path, builtInSHA256)
		}
		t.Skip("no network built in")
	}
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(file)
	if got := hex.EncodeToString(sum[:]); got != builtInSHA256 {
		t.Fatalf("the network built in has SHA-256 %s, not %q, the one measured: measure it (docs/training.md) and write its figures here",
			got, builtInSHA256)
	}

	f, err := bundled.FS().Open(bundled.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := ntuple.CheckPlay(f); err != nil {
		t.Fatalf("checksums: %v", err)
	}
	if _, err := f.(io.Seeker).Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	net, state, err := ntuple.ReadNetwork(f)
	if err != nil {
		t.Fatal(err)
	}
	if state.Episodes == 0 {
		t.Errorf("the network built in was trained on no games")
	}
	out, err := sim.Run(context.Background(), sim.Config{
		Player: sim.Player{Kind: sim.Expectimax, Eval: ntuple.EvaluatorName, Depth: 1, Evaluator: net},
		Games:  100, Seed: 1,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	mean := out.Summary().MeanScore
	t.Logf("seeds 1 to 100 at one ply: mean %.0f", mean)
	if mean < builtInFloor {
		t.Errorf("the network built in scores %.0f on seeds 1 to 100 at one ply; it was measured above %d", mean, builtInFloor)
	}
}
