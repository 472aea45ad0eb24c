package ntuple

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/term2048/2048/engine"
)

// TestQuantizerRoundTrip checks that every weight's code stands for a
// value within half a step of it, that the step is at least the one asked
// for, and that the codes span the weights: on tables of every shape.
func TestQuantizerRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	tables := map[string][]float32{
		"constant": {10000, 10000, 10000},
		"one":      {-3},
		"wide":     {-1e30, 0, 1e30, 3.5},
		"huge":     {math.MaxFloat32, -math.MaxFloat32, 1},
		"tiny":     {1e-30, 2e-30, -1e-30},
	}
	trained := make([]float32, 4096)
	for i := range trained {
		trained[i] = float32(10000 + r.NormFloat64()*2000*math.Pow(r.Float64(), 8))
	}
	tables["trained"] = trained
	for name, w := range tables {
		for _, step := range []float32{0, 0.5, 16, 1e6} {
			z := newQuantizer(w, step)
			if z.step < step || !finite(z.step) || z.step <= 0 {
				t.Errorf("%s, step %v: the quantizer's step is %v", name, step, z.step)
			}
			for _, v := range w {
				q := z.code(v)
				got := float64(z.base) + float64(q)*float64(z.step)
				if e := math.Abs(got - float64(v)); e > float64(z.step)/2*(1+1e-6) {
					t.Errorf("%s, step %v: %v has code %d, which stands for %v: %v away, more than half the step %v", name, step, v, q, got, e, z.step)
				}
			}
		}
	}
}

// playFile returns the path of the play file of the network of
// savedFile(t, false), written once with step 0, and that network's state.
func playFile(t testing.TB) string {
	t.Helper()
	played.once.Do(func() { played.path, played.err = writePlayFile(savedFile(t, false)) })
	if played.err != nil {
		t.Fatal(played.err)
	}
	return played.path
}

var played struct {
	once sync.Once
	path string
	err  error
}

func writePlayFile(weights string) (string, error) {
	f, err := os.Open(weights)
	if err != nil {
		return "", err
	}
	n, s, err := ReadNetwork(f)
	f.Close()
	if err != nil {
		return "", err
	}
	defer n.Release()
	var b bytes.Buffer
	if _, err := (&Checkpoint{Net: n, State: s}).WritePlay(&b, 0, DefaultTiers()); err != nil {
		return "", err
	}
	path := filepath.Join(testDir, "network.play")
	return path, os.WriteFile(path, b.Bytes(), 0o644)
}

// readNetworkFile reads the network of the file at path.
func readNetworkFile(t testing.TB, path string) (*Network, State) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, s, err := ReadNetwork(f)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	return n, s
}

// TestPlayRoundTrip checks that a network written as a play file and read
// back has every weight within half its tuple's step of the original, its
// state's counts, and values within the sum of those half steps, for the
// finest step and a coarse one.
func TestPlayRoundTrip(t *testing.T) {
	n, s := readNetworkFile(t, savedFile(t, false))
	for _, step := range []float32{0, 16} {
		var b bytes.Buffer
		if _, err := (&Checkpoint{Net: n, State: s}).WritePlay(&b, step, DefaultTiers()); err != nil {
			t.Fatal(err)
		}
		q, qs, err := ReadNetwork(&b)
		if err != nil {
			t.Fatalf("step %v: %v", step, err)
		}
		if q.Design() != n.Design() || q.InitialValue() != n.InitialValue() ||
			qs.Episodes != s.Episodes || qs.Moves != s.Moves || qs.Elapsed != s.Elapsed {
			t.Errorf("step %v: read back as %v, initial value %v, state %+v; want %v, %v, %+v",
				step, q.Design(), q.InitialValue(), qs, n.Design(), n.InitialValue(), s)
		}
		if q.Bytes() != n.Bytes()/2 {
			t.Errorf("step %v: the codes take %d bytes, want half the weights' %d", step, q.Bytes(), n.Bytes())
		}
		checkCodes(t, n, q, step, 1, func(int, int) int { return 1 })
		q.Release()
	}
}

// TestPlayRoundsByTiers checks that in the coherence phase each weight is
// rounded by its tier: ranked by how much its adjustments add up to, it is
// rounded to every Factor-th code of the first tier whose share holds it,
// within Factor/2 steps.
func TestPlayRoundsByTiers(t *testing.T) {
	wholeNetwork(t)
	n, s := readNetworkFile(t, savedFile(t, false))
	tc := newCoherence(len(n.weights))
	t.Cleanup(tc.release)
	// Sizes 0 to 99 in runs of 16 (the quantile samples every 16th), so
	// that a share q of the weights has sizes from 100(1-q) up, near enough.
	size := func(i int) float32 { return float32(i / 16 % 100) }
	for k := range n.weights {
		for i := range tableLen {
			tc.at(position(k, i))[1] = size(i)
		}
	}
	// The least size of each share of a table, the most adjusted first,
	// from the table's sizes in order (a naive quantile).
	var count [100]int
	for i := range tableLen {
		count[int(size(i))]++
	}
	least := func(share float64) float32 {
		m, below := int((1-share)*tableLen), 0
		for v, c := range count {
			if below += c; below > m {
				return float32(v)
			}
		}
		return 99
	}
	// Both files are written before either is read back, and the
	// coherence tables given back in between: 768 MiB at most at once.
	allTiers := []Tiers{DefaultTiers(), {{0.5, 2}, {1, 8}}}
	files := make([]bytes.Buffer, len(allTiers))
	for k, tiers := range allTiers {
		if _, err := (&Checkpoint{Net: n, State: s, coherence: tc}).WritePlay(&files[k], 0.5, tiers); err != nil {
			t.Fatal(err)
		}
	}
	tc.release()
	for j, tiers := range allTiers {
		var factors [100]int // by size
		for v := range factors {
			factors[v] = tiers[len(tiers)-1].Factor
			for _, tier := range slices.Backward(tiers[:len(tiers)-1]) {
				if float32(v) >= least(tier.Share) {
					factors[v] = tier.Factor
				}
			}
		}
		q, _, err := ReadNetwork(&files[j])
		if err != nil {
			t.Fatal(err)
		}
		checkCodes(t, n, q, 0.5, slices.Max(factors[:]), func(k, i int) int {
			f := factors[int(size(i))]
			if code := q.quantized.tables[k].load(uint32(i)); int(code)%f != 0 && code != maxCode {
				t.Fatalf("tiers %v: weight %d of tuple %d (size %v): code %d, not a multiple of %d", tiers, i, k, size(i), code, f)
			}
			return f
		})
		q.Release()
	}
}

// TestPlayRefusesBadTiers checks that tiers Tiers.Check refuses write
// nothing and say why.
func TestPlayRefusesBadTiers(t *testing.T) {
	n, s := readNetworkFile(t, savedFile(t, false))
	for _, tiers := range []Tiers{nil, {{1, 0}}, {{0.5, 1}}, {{1, MaxFactor + 1}}} {
		var b bytes.Buffer
		_, err := (&Checkpoint{Net: n, State: s}).WritePlay(&b, DefaultPlayStep, tiers)
		if err == nil || !strings.Contains(err.Error(), "the rounding of a play file") || b.Len() != 0 {
			t.Errorf("tiers %v: error %v, %d bytes written; want a refusal and nothing", tiers, err, b.Len())
		}
	}
}

// checkCodes checks that every weight of q, read from a play file written
// with step from n, is within steps(tuple, index)/2 steps of its tuple of
// n's, and that the values of random boards are within the sum of the
// largest, most/2 steps a weight.
func checkCodes(t *testing.T, n, q *Network, step float32, most int, steps func(k, i int) int) {
	t.Helper()
	for k := range n.weights {
		if q.quantized.step[k] < step {
			t.Errorf("step %v: tuple %d has step %v", step, k, q.quantized.step[k])
		}
		for i, w := range n.weights[k][:tableLen] {
			got := float64(q.quantized.base[k]) + float64(q.quantized.step[k])*float64(q.quantized.tables[k].load(uint32(i)))
			half := float64(q.quantized.step[k]) * float64(steps(k, i)) / 2 * (1 + 1e-6)
			if math.Abs(got-float64(w)) > half {
				t.Fatalf("step %v: weight %d of tuple %d is %v, read back as %v: more than %v away",
					step, i, k, w, got, half)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 1))
	bound := 0.0
	for k := range n.weights {
		bound += NumSymmetries * float64(q.quantized.step[k]) * float64(most) / 2
	}
	for range 1000 {
		b := randomBoard(r)
		if d := math.Abs(float64(q.value(b)) - float64(n.value(b))); d > bound*(1+1e-3) {
			t.Fatalf("step %v: value(%#016x) = %v read back, %v written: more than %v apart", step, uint64(b), q.value(b), n.value(b), bound)
		}
	}
}

// TestQuantizedValue checks the value of codes against a naive sum of the
// weights they stand for, tuple by tuple and symmetry by symmetry, on
// random boards, for each design.
func TestQuantizedValue(t *testing.T) {
	for _, d := range Designs() {
		q, free := newQuantized(d)
		r := rand.New(rand.NewPCG(7, 8))
		for k := range q.tables {
			q.base[k], q.step[k] = float32(r.IntN(2000)-1000), float32(r.IntN(8)+1)/4
		}
		q.setOffset()
		boards := make([]engine.Board, 2000)
		for i := range boards {
			boards[i] = randomBoard(r)
			for _, s := range symmetries(boards[i]) {
				for k, tuple := range d.Tuples() {
					x := naiveIndex(tuple, s)
					q.tables[k][x] = uint16(x * 2654435761 >> 16) // Knuth's multiplicative hash
				}
			}
		}
		for _, b := range boards {
			var want float64
			for _, s := range symmetries(b) {
				for k, tuple := range d.Tuples() {
					want += float64(q.weight(k, naiveIndex(tuple, s)))
				}
			}
			if got := q.value(b); math.Abs(float64(got)-want) > math.Abs(want)*1e-6+1e-3 {
				t.Fatalf("%v: value(%#016x) = %v; want %v", d, uint64(b), got, want)
			}
		}
		if free != nil {
			free()
		}
	}
}

// TestQuantizedNetworkIsFinal checks that a network read from a play file
// is not written again, in either format.
func TestQuantizedNetworkIsFinal(t *testing.T) {
	q, s := readNetworkFile(t, playFile(t))
	if _, err := (&Checkpoint{Net: q, State: s}).WriteTo(io.Discard); !errors.Is(err, ErrQuantized) {
		t.Errorf("WriteTo of a network read from a play file: %v; want ErrQuantized", err)
	}
	if _, err := (&Checkpoint{Net: q, State: s}).WritePlay(io.Discard, 0, DefaultTiers()); !errors.Is(err, ErrQuantized) {
		t.Errorf("WritePlay of a network read from a play file: %v; want ErrQuantized", err)
	}
}

// playError reads path through edit with ReadNetwork and checks that the
// error is a *FormatError; it returns its message.
func playError(t *testing.T, what, path string, edit func(io.Reader) io.Reader) string {
	t.Helper()
	return formatErrorOf(t, what, path, edit, readNetwork, "ReadNetwork")
}

// TestDamagedPlayFiles checks that a damaged play file is refused, saying
// what is wrong: every byte of the header changed, bytes of the codes,
// the file cut anywhere or followed by a byte.
func TestDamagedPlayFiles(t *testing.T) {
	path := playFile(t)
	_, end := header(t, path)
	size := fileSize(t, path)
	for i := range int64(end + 4) {
		msg := playError(t, fmt.Sprintf("header byte %d", i), path, flipped(i, 0x10))
		if !strings.Contains(msg, "header") && !strings.Contains(msg, "weights file") && !strings.Contains(msg, "version") {
			t.Errorf("header byte %d changed: %v; want a word about the header", i, msg)
		}
	}
	for _, i := range []int64{int64(end) + 4, size / 2, size - 5, size - 1} {
		if msg := playError(t, fmt.Sprintf("byte %d", i), path, flipped(i, 0x01)); !strings.Contains(msg, "checksum of the weights") {
			t.Errorf("byte %d of %d changed: %v; want a checksum mismatch", i, size, msg)
		}
	}
	for _, n := range []int64{5, 8, 15, 16, int64(end), int64(end) + 4, size / 2, size - 4, size - 1} {
		if msg := playError(t, fmt.Sprintf("cut at %d", n), path, cut(n)); !strings.Contains(msg, "truncated") {
			t.Errorf("the first %d of %d bytes: %v; want truncated", n, size, msg)
		}
	}
	extra := func(r io.Reader) io.Reader { return io.MultiReader(r, strings.NewReader("x")) }
	if msg := playError(t, "trailing byte", path, extra); !strings.Contains(msg, "follow") {
		t.Errorf("a byte after the end: %v; want it refused", msg)
	}
	if msg := formatError(t, "a play file read as a checkpoint", path, noEdit); !strings.Contains(msg, "play file") {
		t.Errorf("ReadCheckpoint of a play file: %v; want it named", msg)
	}
}

// TestForeignPlayFiles checks the messages for a play file of another
// version, of a network this package does not know, and with a step that
// is not a positive number, their checksums right.
func TestForeignPlayFiles(t *testing.T) {
	path := playFile(t)
	h, end := header(t, path)
	withHeader := func(edit func(h []byte)) func(io.Reader) io.Reader {
		e := append([]byte(nil), h...)
		edit(e)
		binary.LittleEndian.PutUint32(e[end:], crc32.Checksum(e[:end], castagnoli))
		return func(r io.Reader) io.Reader {
			io.CopyN(io.Discard, r, int64(len(e)))
			return io.MultiReader(bytes.NewReader(e), r)
		}
	}
	steps := 16 + 1 + 3 + 1 + 4*6 + 4 + 3*8 + 4 // the first tuple's step
	text := func(io.Reader) io.Reader { return strings.NewReader("#!/bin/sh\necho hello\n") }
	for _, c := range []struct {
		name string
		edit func(io.Reader) io.Reader
		want string
	}{
		{"text", text, "neither"},
		{"version 3", withHeader(func(h []byte) { h[8] = 3 }), "version 3"},
		{"5x6", withHeader(func(h []byte) { h[17] = '5' }), "does not know"},
		{"step 0", withHeader(func(h []byte) { clear(h[steps : steps+4]) }), "step 0"},
		{"step NaN", withHeader(func(h []byte) { binary.LittleEndian.PutUint32(h[steps:], 0x7FC00000) }), "step NaN"},
	} {
		if msg := playError(t, c.name, path, c.edit); !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v; want %q", c.name, msg, c.want)
		}
	}
}

// withChecksums returns b, a play file perhaps damaged, with both of its
// checksums made right where its lengths allow, so that a fuzzer reaches
// the header's fields and the codes.
func withChecksums(b []byte) []byte {
	b = bytes.Clone(b)
	if len(b) < 16 {
		return b
	}
	end := 16 + int(binary.LittleEndian.Uint32(b[12:]))
	if end < 16 || end+8 > len(b) {
		return b
	}
	binary.LittleEndian.PutUint32(b[end:], crc32.Checksum(b[:end], castagnoli))
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(b[end+4:len(b)-4], castagnoli))
	return b
}

// FuzzReadPlay checks that no input, its checksums made right, makes the
// reader panic or fail otherwise than with a *FormatError, and that a
// network it accepts values boards with finite numbers. The seeds are a
// play file of a 4×6 network whose codes are a few bytes each, a DEFLATE
// stream of the wrong length (FuzzDecodeCodes fuzzes the codes), and a
// play file of stages of two such files.
func FuzzReadPlay(f *testing.F) {
	f.Add([]byte(playMagic))
	n := &Network{design: FourBySix, initial: DefaultInitialValue} // the header needs no weights
	zs := []quantizer{{0, 1}, {-5, 0.5}, {10000, 2}, {3, 3}}
	stream := deflated([]byte{1, 2, 3, 4})
	streams := [][]byte{stream, stream, stream, stream}
	var b bytes.Buffer
	writePlay(&b, newPlayFields(n, State{Episodes: 3}, zs, streams).encode(), streams)
	f.Add(b.Bytes())
	var stages bytes.Buffer // the same file as both stages of a network of stages
	if _, err := WriteStagedPlay(&stages, []PlayStage{{Play: b.Bytes()}, {Play: b.Bytes(), Tile: 256}}); err != nil {
		f.Fatal(err)
	}
	f.Add(stages.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		n, _, err := ReadNetwork(bytes.NewReader(withChecksums(b)))
		var fe *FormatError
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("ReadNetwork = %v; want a *FormatError", err)
		}
		if err != nil {
			return
		}
		defer n.Release()
		for _, x := range []engine.Board{0, 0x1234_5678_9ABC_DEF0, ^engine.Board(0)} {
			if v := n.value(x); !finite(v) {
				t.Fatalf("value(%#016x) = %v", uint64(x), v)
			}
		}
	})
}

// FuzzDecodeCodes checks that codes compressed as a play file compresses
// them decode as they were, and that a stream that decodes is one whose
// bytes are exactly the codes it gave.
func FuzzDecodeCodes(f *testing.F) {
	f.Add([]byte{1, 2, 3}, []byte{})
	f.Add(bytes.Repeat([]byte{0, 0, 0, 1}, 64), deflated(bytes.Repeat([]byte{7}, 32)))
	f.Fuzz(func(t *testing.T, raw, stream []byte) {
		want := make([]uint16, len(raw)/2)
		for i := range want {
			want[i] = binary.LittleEndian.Uint16(raw[2*i:])
		}
		if len(want) == 0 || len(want) > chunk {
			return
		}
		got := make([]uint16, len(want))
		if err := decodeCodes(got, bytes.NewReader(deflated(codePlanes(want)))); err != nil || !slices.Equal(got, want) {
			t.Fatalf("decodeCodes of %v compressed = %v, %v; want them back", want, got, err)
		}
		clear(got)
		if err := decodeCodes(got, bytes.NewReader(stream)); err != nil {
			return
		}
		inflated, err := io.ReadAll(flate.NewReader(bytes.NewReader(stream)))
		if err != nil || !bytes.Equal(inflated, codePlanes(got)) {
			t.Fatalf("a stream of %d bytes decoded as %v, but inflates to %v, %v", len(stream), got, inflated, err)
		}
	})
}

// codePlanes returns the low bytes of codes, then their high bytes.
func codePlanes(codes []uint16) []byte {
	b := make([]byte, 2*len(codes))
	for i, c := range codes {
		b[i], b[len(codes)+i] = byte(c), byte(c>>8)
	}
	return b
}

// TestCheckPlay checks that CheckPlay accepts a play file as ReadNetwork
// does, refuses one damaged anywhere, and refuses a weights file.
func TestCheckPlay(t *testing.T) {
	path := playFile(t)
	size := fileSize(t, path)
	check := func(r io.Reader) error {
		info, err := CheckPlay(r)
		if err == nil && (info.Design != FourBySix || info.State.Episodes != 20 || info.StageTiles != nil) {
			return fmt.Errorf("CheckPlay = %+v; want 4x6, 20 episodes, one stage", info)
		}
		return err
	}
	if err := readEdited(t, path, noEdit, check); err != nil {
		t.Errorf("a play file: %v", err)
	}
	for _, i := range []int64{3, 20, size / 2, size - 1} {
		if err := readEdited(t, path, flipped(i, 0x04), check); err == nil {
			t.Errorf("a play file with byte %d of %d changed: accepted", i, size)
		}
	}
	if err := readEdited(t, savedFile(t, false), noEdit, check); err == nil || !strings.Contains(err.Error(), "not a play file") {
		t.Errorf("a weights file: %v; want not a play file", err)
	}
}

// TestPlayFilePlaysAsItsNetwork checks that a network read back from a
// play file written at DefaultPlayStep, in the coherence phase, plays as
// the network written: the same move at one ply on nearly every position
// of the network's own games, and fixed-seed games of nearly the same mean
// score.
func TestPlayFilePlaysAsItsNetwork(t *testing.T) {
	wholeNetwork(t)
	tr := trained(t, FourBySix)
	tr.StartCoherence()
	if _, err := tr.Run(context.Background(), 300); err != nil {
		t.Fatal(err)
	}
	n := tr.net
	var b bytes.Buffer
	if _, err := tr.Checkpoint().WritePlay(&b, DefaultPlayStep, DefaultTiers()); err != nil {
		t.Fatal(err)
	}
	tr.tc.release() // written: 512 MiB less beside the network read back
	q, _, err := ReadNetwork(&b)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(q.Release)
	var scores [2]float64
	positions, same := 0, 0
	for seed := uint64(100); seed < 120; seed++ {
		scores[0] += float64(playOnePly(n, seed, func(x engine.Board) {
			positions++
			if bestAfter(n, x) == bestAfter(q, x) {
				same++
			}
		}))
		scores[1] += float64(playOnePly(q, seed, func(engine.Board) {}))
	}
	if share := float64(same) / float64(positions); share < 0.99 {
		t.Errorf("the network read back chooses the move of the network written on %.2f%% of %d positions; want 99%% or more", 100*share, positions)
	}
	if loss := 1 - scores[1]/scores[0]; loss > 0.05 {
		t.Errorf("20 games at one ply: mean %.0f read back, %.0f written, %.1f%% less; want at most 5%%", scores[1]/20, scores[0]/20, 100*loss)
	}
	t.Logf("same move on %d of %d positions; 20 games at one ply: mean %.0f read back, %.0f written", same, positions, scores[1]/20, scores[0]/20)
}

// bestAfter returns the board after the move of highest points plus value
// from b, as a search of one ply chooses it, or b if no move is legal.
func bestAfter(n *Network, b engine.Board) engine.Board {
	best, value := b, math.Inf(-1)
	for d := range engine.Direction(engine.NumDirections) {
		after, points, moved := b.Move(d)
		if v := float64(points) + n.Evaluate(after); moved && v > value {
			best, value = after, v
		}
	}
	return best
}

// playOnePly plays the game of seed at one ply, shows visit each board
// before a move, and returns the score.
func playOnePly(n *Network, seed uint64, visit func(engine.Board)) int {
	g := engine.NewGame(seed)
	for {
		after := bestAfter(n, g.Board())
		if after == g.Board() {
			return g.Score()
		}
		visit(g.Board())
		for d := range engine.Direction(engine.NumDirections) {
			if x, _, _ := g.Board().Move(d); x == after {
				g.Move(d)
				break
			}
		}
	}
}

// BenchmarkEvaluateCodes times the value of a board of a network read from
// a play file, on the boards and network of BenchmarkEvaluate: 16-bit
// codes, half the memory of float32 weights.
func BenchmarkEvaluateCodes(b *testing.B) {
	t := trained(b, FourBySix)
	var file bytes.Buffer
	if _, err := t.Checkpoint().WritePlay(&file, DefaultPlayStep, DefaultTiers()); err != nil {
		b.Fatal(err)
	}
	q, _, err := ReadNetwork(&file)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(q.Release)
	timeValues(b, q, afterstates(t.net, 1, 10))
}
