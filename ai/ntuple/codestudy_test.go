package ntuple

import (
	"bytes"
	"compress/flate"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// The codes a play file might have used, measured against the one it uses
// (see Checkpoint.WritePlay) by TestCodeStudy on a trained network:
//
//	go test -run '^TestCodeStudy$' -timeout 1h ./ai/ntuple -study.network FILE -study.out DIR
//
// For the play file at a few steps, and for each code of studyCodes, it
// logs the size of the codes compressed as a play file compresses its own,
// the error of the weights, and how often the network of the code's values
// chooses the move the original chooses, at one ply and at three, on the
// positions of the original's games. It writes to DIR the play files and,
// for the other codes, a weights file of the network of the code's values,
// for 2048 sim to measure what each costs in play (docs/training.md).
var (
	studyNetwork = flag.String("study.network", "", "the weights `file` of the network TestCodeStudy quantizes")
	studyOut     = flag.String("study.out", "", "the `directory` where TestCodeStudy writes each code's network")
	studyOnly    = flag.String("study.only", "", "measure only the codes whose names match the `regexp`")
)

// studied reports whether TestCodeStudy measures the code name.
func studied(t *testing.T, name string) bool {
	ok, err := regexp.MatchString(*studyOnly, name)
	if err != nil {
		t.Fatalf("-study.only: %v", err)
	}
	return ok
}

// studySteps are the steps of the play files TestCodeStudy measures with
// every weight rounded to its step, and guidedSteps those it measures as
// 2048 train -export writes them in the coherence phase, the weights play
// seldom reaches rounded coarsely (see Checkpoint.WritePlay).
var (
	studySteps  = []float32{0, 4, 16, 64, 256}
	guidedSteps = []float32{4, 8, 16, 32}
)

// studyTiers are the roundings TestCodeStudy measures besides
// DefaultTiers, at DefaultPlayStep: how coarsely the weights play seldom
// reaches can be rounded, on a network trained for longer than an hour,
// whose play file is larger. The first was the default before tiers.
var studyTiers = []Tiers{
	{{0.05, 1}, {1, 16}},
	{{0.05, 1}, {1, 64}},
	{{0.05, 1}, {1, 256}},
	{{0.10, 1}, {1, 128}},
	{{0.05, 1}, {0.10, 4}, {1, 128}},
}

// A studyCode turns the weights of one table into codes, and gives the
// value each code stands for.
type studyCode struct {
	name string
	code func(w []float32) (codes []byte, values []float32)
}

var studyCodes = []studyCode{
	{"float16", float16Codes},
	{"int8-tuple", func(w []float32) ([]byte, []float32) { return int8Codes(w, len(w)) }},
	{"int8-block", func(w []float32) ([]byte, []float32) { return int8Codes(w, 4096) }},
	{"codebook8", codebookCodes},
	{"log8", logCodes},
}

// TestCodeStudy measures the play file at studySteps and the codes of
// studyCodes on the network of -study.network, and checks that every value
// of every code is finite.
func TestCodeStudy(t *testing.T) {
	if *studyNetwork == "" {
		t.Skip("no -study.network")
	}
	f, err := os.Open(*studyNetwork)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadCheckpoint(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	n, s := c.Net, c.State
	positions := studyPositions(n)
	t.Logf("%d positions at one ply, %d at three", len(positions), len(positions)/5)
	for _, step := range studySteps {
		studyPlay(t, fmt.Sprintf("step%v", step), &Checkpoint{Net: n, State: s}, step, FineTiers(), positions)
	}
	if c.coherence != nil {
		for _, step := range guidedSteps {
			studyPlay(t, fmt.Sprintf("step%v-guided", step), c, step, DefaultTiers(), positions)
		}
		for _, tiers := range studyTiers {
			studyPlay(t, fmt.Sprintf("step%v-tiers%v", DefaultPlayStep, tiers), c, DefaultPlayStep, tiers, positions)
		}
	}
	for _, c := range studyCodes {
		if !studied(t, c.name) {
			continue
		}
		out, err := New(n.design, n.initial)
		if err != nil {
			t.Fatal(err)
		}
		size := 0
		for k := range n.weights {
			codes, values := c.code(n.weights[k][:tableLen])
			size += len(deflated(codes))
			copy(out.weights[k][:tableLen], values)
		}
		rms, worst := studyError(t, n, func(k int, i uint32) float32 { return out.weights[k][i] })
		logStudy(t, c.name, size, rms, worst, n, out, positions)
		if *studyOut != "" {
			writeStudyNetwork(t, filepath.Join(*studyOut, c.name+".weights"), out, s)
		}
		out.Release()
	}
}

// studyPlay measures the play file of c at step, rounded by tiers, and
// writes it to -study.out as name.play.
func studyPlay(t *testing.T, name string, c *Checkpoint, step float32, tiers Tiers, positions []engine.Board) {
	if !studied(t, name) {
		return
	}
	var b bytes.Buffer
	if _, err := writePlayOf(&b, c.Net, c.State, step, c.coherence, tiers); err != nil {
		t.Fatal(err)
	}
	size := b.Len()
	if *studyOut != "" {
		if err := os.WriteFile(filepath.Join(*studyOut, name+".play"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	q, _, err := ReadNetwork(&b)
	if err != nil {
		t.Fatal(err)
	}
	rms, worst := studyError(t, c.Net, func(k int, i uint32) float32 { return q.quantized.weight(k, i) })
	logStudy(t, name, size, rms, worst, c.Net, q, positions)
	q.Release()
}

// studyError returns the root mean square and the largest of the
// differences between the weights of n and those that value gives, and
// fails the test if one of those is not finite.
func studyError(t *testing.T, n *Network, value func(k int, i uint32) float32) (rms, worst float64) {
	var squares float64
	for k := range n.weights {
		for i, w := range n.weights[k][:tableLen] {
			v := value(k, uint32(i))
			if !finite(v) {
				t.Fatalf("table %d, weight %d: value %v", k, i, v)
			}
			e := math.Abs(float64(v) - float64(w))
			squares += e * e
			worst = max(worst, e)
		}
	}
	return math.Sqrt(squares / float64(len(n.weights)*tableLen)), worst
}

// logStudy logs a line of the study: the code's size and error, and how
// often q chooses the move n chooses.
func logStudy(t *testing.T, name string, size int, rms, worst float64, n, q *Network, positions []engine.Board) {
	same1, same3 := studyAgreement(n, q, positions)
	t.Logf("%-12s %6.1f MB; error: root mean square %7.2f, largest %8.1f; same move: %.2f%% at one ply, %.2f%% at three",
		name, float64(size)/1e6, rms, worst, 100*same1, 100*same3)
}

// studyPositions returns every seventh position of 30 games n plays at one
// ply.
func studyPositions(n *Network) []engine.Board {
	var positions []engine.Board
	for seed := uint64(1); seed <= 30; seed++ {
		moves := 0
		playOnePly(n, seed, func(b engine.Board) {
			if moves%7 == 0 {
				positions = append(positions, b)
			}
			moves++
		})
	}
	return positions
}

// studyAgreement returns the share of positions on which q chooses the
// move n chooses at one ply, and of every fifth at three plies.
func studyAgreement(n, q *Network, positions []engine.Board) (one, three float64) {
	same1, same3, searched := 0, 0, 0
	sn := ai.NewSearcher(ai.Config{Eval: n, Threads: 1})
	sq := ai.NewSearcher(ai.Config{Eval: q, Threads: 1})
	for i, b := range positions {
		if bestAfter(n, b) == bestAfter(q, b) {
			same1++
		}
		if i%5 != 0 {
			continue
		}
		rn, err1 := sn.Search(context.Background(), b, ai.Limits{Depth: 3})
		rq, err2 := sq.Search(context.Background(), b, ai.Limits{Depth: 3})
		searched++
		if err1 == nil && err2 == nil && rn.Best == rq.Best {
			same3++
		}
	}
	return float64(same1) / float64(len(positions)), float64(same3) / float64(searched)
}

func writeStudyNetwork(t *testing.T, path string, n *Network, s State) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = (&Checkpoint{Net: n, State: s}).WriteTo(f)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// deflated returns b compressed as a play file compresses its codes.
func deflated(b []byte) []byte {
	var out bytes.Buffer
	w, _ := flate.NewWriter(&out, flate.DefaultCompression)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// float16Codes rounds each weight to an IEEE 754 binary16, after a scale
// by a power of 2 that brings the table's largest weight under its largest
// number, 65504; codes are the low bytes, then the high bytes.
func float16Codes(w []float32) ([]byte, []float32) {
	lo, hi := slices.Min(w), slices.Max(w)
	scale := float32(1)
	for max(hi, -lo)*scale > 65504 {
		scale /= 2
	}
	codes := make([]byte, 2*len(w))
	values := make([]float32, len(w))
	for i, v := range w {
		h := toHalf(v * scale)
		codes[i], codes[len(w)+i] = byte(h), byte(h>>8)
		values[i] = fromHalf(h) / scale
	}
	return codes, values
}

// toHalf rounds v, a normal number within binary16's range or 0, to the
// nearest binary16, ties to even; numbers too small for a normal binary16
// become 0.
func toHalf(v float32) uint16 {
	b := math.Float32bits(v)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23&0xFF) - 127 + 15
	if exp <= 0 {
		return sign
	}
	man := b & 0x7F_FFFF
	h := uint32(exp)<<10 | man>>13
	if rest := man & 0x1FFF; rest > 0x1000 || rest == 0x1000 && h&1 == 1 {
		h++ // a carry into the exponent is still the right number
	}
	return sign | uint16(h)
}

// fromHalf returns the binary16 h, normal or 0, as a float32.
func fromHalf(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1F
	if exp == 0 {
		return math.Float32frombits(sign)
	}
	return math.Float32frombits(sign | (exp-15+127)<<23 | uint32(h&0x3FF)<<13)
}

// int8Codes rounds the weights of each block of size weights to one of 256
// evenly spaced values from the block's lowest weight to its highest.
func int8Codes(w []float32, size int) ([]byte, []float32) {
	codes := make([]byte, len(w))
	values := make([]float32, len(w))
	for b := 0; b < len(w); b += size {
		block := w[b : b+size]
		lo, hi := slices.Min(block), slices.Max(block)
		step := max((hi-lo)/255, 1e-3)
		for i, v := range block {
			q := math.Round(float64((v - lo) / step))
			codes[b+i] = byte(q)
			values[b+i] = lo + float32(q)*step
		}
	}
	return codes, values
}

// codebookCodes gives each weight the nearest of 256 values chosen for the
// table by Lloyd's algorithm (1-D k-means), from its quantiles.
func codebookCodes(w []float32) ([]byte, []float32) {
	sorted := slices.Clone(w)
	slices.Sort(sorted)
	sums := make([]float64, len(sorted)+1)
	for i, v := range sorted {
		sums[i+1] = sums[i] + float64(v)
	}
	var book [256]float32
	for k := range book {
		book[k] = sorted[(2*k+1)*len(sorted)/(2*len(book))]
	}
	for range 30 {
		from := 0
		for k := range book {
			to := len(sorted)
			if k < len(book)-1 {
				to, _ = slices.BinarySearch(sorted, (book[k]+book[k+1])/2)
			}
			if to > from {
				book[k] = float32((sums[to] - sums[from]) / float64(to-from))
			}
			from = to
		}
	}
	codes := make([]byte, len(w))
	values := make([]float32, len(w))
	for i, v := range w {
		k, _ := slices.BinarySearch(book[:], v)
		if k == len(book) || k > 0 && v-book[k-1] < book[k]-v {
			k--
		}
		codes[i], values[i] = byte(k), book[k]
	}
	return codes, values
}

// logCodes is a sign·log code (μ-law) about the table's median m: 127
// steps of log(1 + |w−m|/knee) up to the largest distance, the knee the
// median distance.
func logCodes(w []float32) ([]byte, []float32) {
	sorted := slices.Clone(w)
	slices.Sort(sorted)
	m := sorted[len(sorted)/2]
	dist := make([]float64, len(w))
	for i, v := range w {
		dist[i] = math.Abs(float64(v - m))
	}
	sortedDist := slices.Sorted(slices.Values(dist))
	knee := sortedDist[len(dist)/2] + 1
	top := math.Log1p(sortedDist[len(dist)-1] / knee)
	codes := make([]byte, len(w))
	values := make([]float32, len(w))
	for i, v := range w {
		q := math.Round(127 * math.Log1p(dist[i]/knee) / top)
		u := knee * math.Expm1(q*top/127)
		if v < m {
			q, u = -q, -u
		}
		codes[i], values[i] = byte(int8(q)), m+float32(u)
	}
	return codes, values
}
