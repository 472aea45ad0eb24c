package ntuple

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// stagedTile is the tile of the second stage of stagedFile's network.
const stagedTile = 256

// stagedFile returns the path of a play file of two stages, written once:
// playFile's network, then from stagedTile that of the saved file with
// coherence tables (coherencePlay), and the play file of each stage.
func stagedFile(t *testing.T) (path string, first, second []byte) {
	t.Helper()
	staged.once.Do(func() {
		staged.first, staged.err = os.ReadFile(playFile(t))
		if staged.err != nil {
			return
		}
		staged.second = coherencePlay(t)
		var b bytes.Buffer
		if _, staged.err = WriteStagedPlay(&b, []PlayStage{{Play: staged.first}, {Play: staged.second, Tile: stagedTile}}); staged.err != nil {
			return
		}
		staged.path = filepath.Join(testDir, "staged.play")
		staged.err = os.WriteFile(staged.path, b.Bytes(), 0o644)
	})
	if staged.err != nil {
		t.Fatal(staged.err)
	}
	return staged.path, staged.first, staged.second
}

var staged struct {
	once          sync.Once
	path          string
	first, second []byte
	err           error
}

// readPlayBytes reads the network of a play file held in b.
func readPlayBytes(t *testing.T, b []byte) (*Network, State) {
	t.Helper()
	n, s, err := ReadNetwork(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	return n, s
}

// TestStagedPlayRoundTrip checks that a play file of two stages reads as
// the network of its stages: each board valued as its stage's play file
// values it, the counts of training those of both stages, and that
// CheckPlay and ReadPlayable take it.
func TestStagedPlayRoundTrip(t *testing.T) {
	path, first, second := stagedFile(t)
	q1, s1 := readPlayBytes(t, first)
	q2, s2 := readPlayBytes(t, second)
	n, s := readNetworkFile(t, path)
	stages := n.Stages()
	if len(stages) != 2 || stages[0].Tile != 0 || stages[1].Tile != stagedTile {
		t.Fatalf("read back as %d stages %v; want 2, the second from %d", len(stages), stages, stagedTile)
	}
	if s.Episodes != s1.Episodes+s2.Episodes || s.Moves != s1.Moves+s2.Moves || s.Elapsed != s1.Elapsed+s2.Elapsed {
		t.Errorf("the counts of training %+v; want those of both stages, %+v and %+v", s, s1, s2)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20_000 {
		b := boardUpTo(rng, 9)
		want := q1.Evaluate(b)
		if b.HighestTile() >= stagedTile {
			want = q2.Evaluate(b)
		}
		if got := n.Evaluate(b); got != want {
			t.Fatalf("%v: valued %v, want %v, its stage's value", b, got, want)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := CheckPlay(f)
	if err != nil || info.Design != FourBySix || info.State.Episodes != s.Episodes || !slices.Equal(info.StageTiles, []int{0, stagedTile}) {
		t.Errorf("CheckPlay: %+v, %v; want a 4x6 network of %d games in stages from 0 and %d", info, err, s.Episodes, stagedTile)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	b := playOf(t, f, DefaultPlayStep, DefaultTiers())
	if whole, _ := os.ReadFile(path); !bytes.Equal(b, whole) {
		t.Error("the play file of a play file of stages is not the file as it is")
	}
}

// playOf reads the network r holds with ReadPlayable and returns its play
// file.
func playOf(t *testing.T, r io.Reader, step float32, tiers Tiers) []byte {
	t.Helper()
	p, err := ReadPlayable(r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Play(step, tiers)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPlayable checks that a Playable of a play file is the file as it is,
// and that of a weights file, with or without coherence tables, the play
// file WritePlay writes, each with the state of its file.
func TestPlayable(t *testing.T) {
	wholeNetwork(t)
	path, _, _ := stagedFile(t) // written before any network is read here: its writing trains one
	play, err := os.ReadFile(playFile(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := playOf(t, bytes.NewReader(play), 0, FineTiers()); !bytes.Equal(got, play) {
		t.Error("the play file of a play file is not the file as it is")
	}
	n, s := readNetworkFile(t, savedFile(t, false))
	var want bytes.Buffer
	if _, err := (&Checkpoint{Net: n, State: s}).WritePlay(&want, 16, FineTiers()); err != nil {
		t.Fatal(err)
	}
	n.Release() // ReadPlayable reads it again
	f, err := os.Open(savedFile(t, false))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := ReadPlayable(f)
	if err != nil || p.State.Episodes != s.Episodes || p.State.Seed != s.Seed {
		t.Fatalf("ReadPlayable of a weights file: %v, state %+v; want %+v", err, p.State, s)
	}
	if got, err := p.Play(16, FineTiers()); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("the play file of a weights file: %v; want the bytes WritePlay writes (same: %v)", err, bytes.Equal(got, want.Bytes()))
	}
	tc, err := os.Open(savedFile(t, true))
	if err != nil {
		t.Fatal(err)
	}
	defer tc.Close()
	if got := playOf(t, tc, DefaultPlayStep, DefaultTiers()); !bytes.Equal(got, coherencePlay(t)) {
		t.Error("the play file of a weights file with coherence tables is not the one its checkpoint writes")
	}
	if _, err := ReadPlayable(strings.NewReader("2048play")); err == nil {
		t.Error("ReadPlayable of a play file cut after its magic: no error")
	}
	if p.StageTiles != nil {
		t.Errorf("ReadPlayable of a weights file: stages from %v; want none", p.StageTiles)
	}
	both, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file  []byte
		tiles []int
	}{{play, nil}, {both, []int{0, stagedTile}}} {
		p, err := ReadPlayable(bytes.NewReader(c.file))
		if err != nil || !slices.Equal(p.StageTiles, c.tiles) || (p.StageTiles == nil) != (c.tiles == nil) {
			t.Errorf("ReadPlayable of a play file: stages from %v, %v; want %v", p.StageTiles, err, c.tiles)
		}
	}
}

// TestDamagedStagedPlayFiles checks that a play file of stages damaged
// anywhere is refused, by ReadNetwork and by CheckPlay, saying where.
func TestDamagedStagedPlayFiles(t *testing.T) {
	path, first, _ := stagedFile(t)
	size := fileSize(t, path)
	const end = 16 + 1 + 2*9 // the header's checksum
	check := func(what string, edit func(io.Reader) io.Reader, want string) {
		t.Helper()
		for name, read := range map[string]func(io.Reader) error{"ReadNetwork": readNetwork, "CheckPlay": checkPlay} {
			if msg := formatErrorOf(t, what, path, edit, read, name); !strings.Contains(msg, want) {
				t.Errorf("%s: %s: %v; want it to say %q", what, name, msg, want)
			}
		}
	}
	for i := range int64(end + 4) {
		check(fmt.Sprintf("header byte %d", i), flipped(i, 0x10), "")
	}
	stage2 := int64(end + 4 + len(first))
	check("the first stage's magic", flipped(end+4, 0x01), "stage 1: not a play file")
	check("the first stage's codes", flipped(end+4+int64(len(first))/2, 0x01), "stage 1: damaged")
	check("the second stage's codes", flipped(stage2+(size-stage2)/2, 0x01), "stage 2: damaged")
	check("the last checksum", flipped(size-2, 0x01), "checksum of the stages")
	for _, n := range []int64{8, end, end + 100, stage2 + 1000, size - 1} {
		check(fmt.Sprintf("cut at %d of %d", n, size), cut(n), "truncated")
	}
	extra := func(r io.Reader) io.Reader { return io.MultiReader(r, strings.NewReader("x")) }
	check("a byte after the end", extra, "follow")
}

// checkPlay checks a play file for its error alone.
func checkPlay(r io.Reader) error {
	_, err := CheckPlay(r)
	return err
}

// TestWriteStagedPlayRefuses checks what WriteStagedPlay refuses to write.
func TestWriteStagedPlayRefuses(t *testing.T) {
	path, first, second := stagedFile(t)
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damaged := bytes.Clone(second)
	damaged[len(damaged)/2] ^= 1
	for _, c := range []struct {
		stages []PlayStage
		want   string
	}{
		{[]PlayStage{{Play: first}}, "1 stages"},
		{[]PlayStage{{Play: first}, {Play: second, Tile: 3}}, "stage 2 begins at 3"},
		{[]PlayStage{{Play: first, Tile: 8}, {Play: second, Tile: 16}}, "the first stage values boards from tile 8"},
		{[]PlayStage{{Play: first}, {Play: damaged, Tile: 256}}, "stage 2: damaged"},
		{[]PlayStage{{Play: first}, {Play: whole, Tile: 512}}, "stage 2: damaged: a play file of stages within a play file of stages"},
		{[]PlayStage{{Play: []byte("this is not a play file at all")}, {Play: second, Tile: 256}}, "stage 1: not a play file"},
	} {
		var b bytes.Buffer
		n, err := WriteStagedPlay(&b, c.stages)
		if err == nil || !strings.Contains(err.Error(), c.want) || n != 0 || b.Len() != 0 {
			t.Errorf("WriteStagedPlay with %d stages: wrote %d bytes, %v; want nothing written and an error saying %q", len(c.stages), b.Len(), err, c.want)
		}
	}
}
