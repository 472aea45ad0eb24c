package ntuple

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"
)

// # The play file
//
// A play file holds what a player needs of a network and no more: its
// weights, each rounded to one of 65536 evenly spaced values per tuple, and
// compressed. No training state, no coherence tables: it cannot be trained
// further. A 4×6 network of 256 MiB as a weights file takes some tens of
// megabytes (see docs/training.md for the sizes and the strength lost).
// [ReadNetwork] reads either kind of file, told apart by its magic.
//
// All numbers are little-endian; floats are IEEE 754 binary32.
//
//	offset  size  field
//	0       8     magic "2048play"
//	8       4     format version, 1
//	12      4     H, the length of the fields that follow, at most 64 KiB
//	16      1     length of the network's name, then the name ("4x6")
//	        1     number of tuples T, then 6 bytes for each: its cells
//	        4     the initial value of every board before training (float)
//	        8     episodes played in training
//	        8     moves trained on
//	        8     training time, in nanoseconds
//	              then for each tuple:
//	        4       base (float)
//	        4       step (float), greater than 0
//	        4       C, the length of the tuple's compressed codes
//	16+H    4     CRC-32C (Castagnoli) of every byte before it
//	20+H          for each tuple, its C bytes of codes: a DEFLATE stream
//	              (RFC 1951) of 2^25 bytes, the low byte of each of its
//	              2^24 codes in the order of its index, then the high byte
//	              of each
//	end−4   4     CRC-32C of every byte from offset 20+H to end−4
//
// The weight of code q (0 to 65535) in a tuple's table is base + q·step;
// the writer may use some codes only (see Checkpoint.WritePlay), the
// reader takes any.
// Indexes are those of a weights file (see Checkpoint). The low and high
// bytes are apart because they compress apart: the high bytes of
// neighbouring weights are mostly equal. Each tuple's stream stands alone:
// they are compressed in parallel, and a reader may decode them so.

// playMagic starts every play file.
const playMagic = "2048play"

// playVersion is the version of the play format this package reads and
// writes.
const playVersion = 1

// streamLen is the length of a tuple's codes, uncompressed.
const streamLen = 2 * tableLen

// maxStream bounds the compressed length of a tuple's codes: DEFLATE adds
// at most 5 bytes to each block of 64 KiB it cannot compress.
const maxStream = streamLen + streamLen/1024 + 1024

// DefaultPlayStep is the step, in points, that 2048 train -export rounds
// weights to by default (see Checkpoint.WritePlay and docs/training.md).
const DefaultPlayStep = 8

// ErrQuantized is the error of writing a network read from a play file as
// a weights file or a play file: its weights are codes, which a training
// cannot move and a second rounding would only blur.
var ErrQuantized = errors.New("the network was read from a play file: only a network read from a weights file can be saved")

// ErrStaged is the error of writing or training a network of stages (see
// Staged) as one network: it is each stage that is trained and saved.
var ErrStaged = errors.New("a network of stages is trained and saved stage by stage")

// checkWeights returns nil if n has weights of its own, which a training
// moves and a file saves, and otherwise ErrQuantized or ErrStaged.
func (n *Network) checkWeights() error {
	switch {
	case n.quantized != nil:
		return ErrQuantized
	case n.stages != nil:
		return ErrStaged
	}
	return nil
}

// WritePlay writes the network of c, with the counts of its state
// (episodes, moves and time trained), as a play file: each weight rounded
// to base + q·step, q from 0 to 65535, with step at least step (0: the
// finest that spans the tuple's weights) and base the lowest weight of the
// tuple, so within half a step of its value. In the coherence phase, the
// weights of each tier (see Tier and DefaultTiers), ranked by how much play
// adjusted them, are rounded to every Factor-th code instead, within
// Factor/2 steps; before it, every weight has the first tier's factor. It
// returns the bytes written and the first error of w; a weight that is not
// a finite number, or tiers that Tiers.Check refuses, write nothing.
func (c *Checkpoint) WritePlay(w io.Writer, step float32, tiers Tiers) (int64, error) {
	return writePlayOf(w, c.Net, c.State, step, c.coherence, tiers)
}

// writePlayOf writes n as a play file, rounding each weight by its tier,
// ranked by its sum of adjustment sizes in tc, or by the first tier if tc
// is nil.
func writePlayOf(w io.Writer, n *Network, s State, step float32, tc *coherence, tiers Tiers) (int64, error) {
	if err := n.checkWeights(); err != nil {
		return 0, err
	}
	if !finite(step) || step < 0 {
		return 0, errors.New("the step of a play file is a number 0 or above")
	}
	if err := tiers.Check(); err != nil {
		return 0, fmt.Errorf("the rounding of a play file: %w", err)
	}
	for t := range n.weights {
		if firstNonFinite(n.weights[t].bytes()) >= 0 {
			return 0, ErrNotFinite
		}
	}
	// Each tuple's stream is compressed on a goroutine of its own: a table
	// takes seconds.
	zs := make([]quantizer, len(n.weights))
	streams := make([][]byte, len(n.weights))
	var wg sync.WaitGroup
	for t := range n.weights {
		wg.Go(func() {
			tab := n.weights[t][:tableLen]
			zs[t] = newQuantizer(tab, step)
			var sizes func(i int) float32
			if tc != nil {
				sizes = func(i int) float32 { return tc.size(t, i) }
			}
			streams[t] = compressCodes(tab, zs[t], tiers.factors(tableLen, sizes))
		})
	}
	wg.Wait()
	runtime.KeepAlive(n) // the owners of the tables read (see weights)
	runtime.KeepAlive(tc)
	return writePlay(w, newPlayFields(n, s, zs, streams).encode(), streams)
}

// writePlay writes the file of the header fields h and the compressed
// codes of each tuple.
func writePlay(w io.Writer, h []byte, streams [][]byte) (int64, error) {
	return writeSealed(w, playMagic, playVersion, h, func(body io.Writer) error {
		for _, s := range streams {
			body.Write(s) // the first error of w is counted by writeSealed
		}
		return nil
	})
}

// encode returns the fields of a play file's header that follow its
// length: those parsePlayHeader decodes.
func (p *playFields) encode() []byte {
	d := p.design
	h := []byte{byte(len(d.String()))}
	h = append(h, d.String()...)
	h = append(h, byte(len(d.Tuples())))
	for _, t := range d.Tuples() {
		h = append(h, t[:]...)
	}
	h = binary.LittleEndian.AppendUint32(h, math.Float32bits(p.initial))
	h = binary.LittleEndian.AppendUint64(h, p.state.Episodes)
	h = binary.LittleEndian.AppendUint64(h, p.state.Moves)
	h = binary.LittleEndian.AppendUint64(h, uint64(p.state.Elapsed))
	for t, z := range p.z {
		h = binary.LittleEndian.AppendUint32(h, math.Float32bits(z.base))
		h = binary.LittleEndian.AppendUint32(h, math.Float32bits(z.step))
		h = binary.LittleEndian.AppendUint32(h, p.lengths[t])
	}
	return h
}

// newPlayFields returns the header of the play file of n, whose training
// is s, its tuples' codes rounded by zs and compressed into streams.
func newPlayFields(n *Network, s State, zs []quantizer, streams [][]byte) *playFields {
	p := &playFields{design: n.design, initial: n.initial, state: s, z: zs}
	for _, st := range streams {
		p.lengths = append(p.lengths, uint32(len(st)))
	}
	return p
}

// compressCodes returns the DEFLATE stream of the codes of the weights w,
// weight i rounded to every factor(i)-th code: their low bytes, then their
// high bytes.
func compressCodes(w []float32, z quantizer, factor func(i int) int) []byte {
	codes := make([]uint16, chunk)
	var out bytes.Buffer
	fw, _ := flate.NewWriter(&out, flate.DefaultCompression) // a valid level cannot fail
	buf := make([]byte, chunk)
	for _, shift := range [2]uint{0, 8} {
		for i := 0; i < len(w); i += chunk {
			for j, v := range w[i : i+chunk] {
				codes[j] = z.coarseCode(v, factor(i+j))
				buf[j] = byte(codes[j] >> shift)
			}
			fw.Write(buf) // a bytes.Buffer does not fail
		}
	}
	fw.Close()
	return out.Bytes()
}

// quantiles returns the q-quantile of a sample of the n numbers x(0), …,
// x(n−1), for each q of qs: every 16th number, sorted once, which gives
// each within a few hundredths of a percent for a table.
func quantiles(n int, x func(i int) float32, qs []float64) []float32 {
	sample := make([]float32, 0, (n+15)/16) // one allocation: 4 MiB for a table
	for i := 0; i < n; i += 16 {
		sample = append(sample, x(i))
	}
	slices.Sort(sample)
	out := make([]float32, len(qs))
	for k, q := range qs {
		out[k] = sample[min(int(q*float64(len(sample))), len(sample)-1)]
	}
	return out
}
