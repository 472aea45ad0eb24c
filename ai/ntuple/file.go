package ntuple

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"runtime"

	"github.com/term2048/2048/engine"
)

// A Checkpoint is what a weights file holds: a network, the state of its
// training and, in the TC phase, the tables that phase keeps.
//
// # The weights file
//
// All numbers are little-endian; floats are IEEE 754 binary32.
//
//	offset  size  field
//	0       8     magic "2048ntup"
//	8       4     format version: 1, or 2 for a later stage (see Staged)
//	12      4     H, the length of the fields that follow, at most 64 KiB
//	16      1     length of the network's name, then the name ("4x6")
//	        1     number of tuples T, then 6 bytes for each: its cells
//	        4     the initial value of every board (float)
//	        1     flags: bit 0 set if the coherence tables follow the weights
//	        8     episodes played
//	        8     moves trained on
//	        8     training time, in nanoseconds
//	        4     learning rate of the TD phase (float)
//	        4     learning rate of the TC phase (float)
//	        4     restart length, in moves (0: no restarts)
//	        8     seed
//	        2     number of generators G, then 20 bytes for each
//	              (math/rand/v2's PCG.MarshalBinary)
//	        1     version 2 only: the rank of the tile from which the
//	              network values boards (State.StageTile), 2 to 15
//	16+H    4     CRC-32C (Castagnoli) of every byte before it
//	20+H          the weights: T tables of 2^24 floats, tuple by tuple,
//	              each in the order of its index
//	              then, if flag 0 is set, the coherence tables: 2 × T × 2^24
//	              floats (the sums of the adjustments, then of their sizes)
//	end−4   4     CRC-32C of every byte from offset 20+H to end−4
//
// A table's index has the rank of the tuple's first cell in its most
// significant 4 bits. Every float must be finite.
type Checkpoint struct {
	Net       *Network
	State     State
	coherence *coherence // nil outside the TC phase
}

// NewCheckpoint returns the checkpoint of a training that has not begun: an
// untrained network of design d that values every board at
// DefaultInitialValue, and NewState(seed).
func NewCheckpoint(d Design, seed uint64) (*Checkpoint, error) {
	n, err := New(d, DefaultInitialValue)
	if err != nil {
		return nil, err
	}
	return &Checkpoint{Net: n, State: NewState(seed)}, nil
}

// fileMagic starts every weights file.
const fileMagic = "2048ntup"

// fileVersion is the version of the format of a weights file, and
// stageFileVersion that of a later stage's, whose header ends with the rank
// of its tile: a program that knows no stages refuses it by its version.
const (
	fileVersion      = 1
	stageFileVersion = 2
)

// maxHeader bounds the length of the header's fields.
const maxHeader = 1 << 16

// flagCoherence is the flag of a file that holds the coherence tables.
const flagCoherence = 1

// chunk is the number of weights encoded or decoded at a time: it divides
// the length of a table.
const chunk = 1 << 14

// castagnoli is the CRC-32C table, computed by the processor where it can.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// A FormatError says what is wrong with a weights file that cannot be read:
// it is not one, it is of another version, or it is damaged or truncated.
type FormatError struct{ Problem string }

// Error returns what is wrong with the file.
func (e *FormatError) Error() string { return e.Problem }

func formatErrorf(format string, args ...any) error {
	return &FormatError{fmt.Sprintf(format, args...)}
}

// WriteTo writes the checkpoint in the format of a weights file. It returns
// the bytes written and the first error of w.
func (c *Checkpoint) WriteTo(w io.Writer) (int64, error) {
	if err := c.Net.checkWeights(); err != nil {
		return 0, err
	}
	buf := make([]byte, 4*chunk)
	version := uint32(fileVersion)
	if c.State.StageTile != 0 {
		if rank, ok := engine.RankOf(c.State.StageTile); !ok || rank < 2 {
			return 0, fmt.Errorf("a stage from tile %d: want a tile from 4 to 32768", c.State.StageTile)
		}
		version = stageFileVersion
	}
	n, err := writeSealed(w, fileMagic, version, c.header(), func(body io.Writer) error {
		for t := range c.Net.weights {
			if err := writeTable(body, &c.Net.weights[t], buf); err != nil {
				return err
			}
		}
		if c.coherence == nil {
			return nil
		}
		return c.coherence.writeTables(body, buf)
	})
	runtime.KeepAlive(c) // the owner of the tables written (see weights)
	return n, err
}

// writeSealed writes a file of either kind to w: magic, version and the
// length of header, then header, then the CRC-32C of all that; then what
// body writes, then its CRC-32C. It returns the bytes written and the
// first error of w or of body.
func writeSealed(w io.Writer, magic string, version uint32, header []byte, body func(io.Writer) error) (int64, error) {
	cw := &countingWriter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<20)
	crc := crc32.New(castagnoli)
	hw := io.MultiWriter(bw, crc)
	hw.Write([]byte(magic))
	binary.Write(hw, binary.LittleEndian, [2]uint32{version, uint32(len(header))})
	hw.Write(header)
	binary.Write(bw, binary.LittleEndian, crc.Sum32())
	crc.Reset()
	if err := body(hw); err != nil {
		return cw.n, err
	}
	binary.Write(bw, binary.LittleEndian, crc.Sum32())
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	return cw.n, cw.err
}

// Release gives the memory of the checkpoint's network and coherence
// tables back to the system at once, as Network.Release does: nothing may
// use the checkpoint afterwards, its network included, nor a Trainer that
// trains it. Calls after the first do nothing.
func (c *Checkpoint) Release() {
	c.Net.Release()
	if c.coherence != nil {
		c.coherence.release()
	}
}

// header returns the fields of the header that follow its length.
func (c *Checkpoint) header() []byte {
	d, s := c.Net.design, c.State
	h := []byte{byte(len(d.String()))}
	h = append(h, d.String()...)
	h = append(h, byte(len(d.Tuples())))
	for _, t := range d.Tuples() {
		h = append(h, t[:]...)
	}
	h = binary.LittleEndian.AppendUint32(h, math.Float32bits(c.Net.initial))
	var flags byte
	if c.coherence != nil {
		flags |= flagCoherence
	}
	h = append(h, flags)
	h = binary.LittleEndian.AppendUint64(h, s.Episodes)
	h = binary.LittleEndian.AppendUint64(h, s.Moves)
	h = binary.LittleEndian.AppendUint64(h, uint64(s.Elapsed))
	h = binary.LittleEndian.AppendUint32(h, math.Float32bits(s.Rate))
	h = binary.LittleEndian.AppendUint32(h, math.Float32bits(s.CoherenceRate))
	h = binary.LittleEndian.AppendUint32(h, s.Restart)
	h = binary.LittleEndian.AppendUint64(h, s.Seed)
	h = binary.LittleEndian.AppendUint16(h, uint16(len(s.Generators)))
	for _, g := range s.Generators {
		h, _ = g.AppendBinary(h) // a PCG's encoding cannot fail
	}
	if rank, _ := engine.RankOf(s.StageTile); rank != 0 {
		h = append(h, rank)
	}
	return h
}

// countingWriter counts the bytes written to w and keeps its first error,
// so that WriteTo can ignore the errors of each write and check once.
type countingWriter struct {
	w   io.Writer
	n   int64
	err error
}

// Write writes p to the underlying writer, unless an earlier write failed.
func (c *countingWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// ErrNotFinite is the error of WriteTo for a network with a weight that is
// not a finite number: such a network is broken and must not replace a good
// file.
var ErrNotFinite = errors.New("a weight is not a finite number")

// writeTables writes the sums of the adjustments of every weight, a table a
// tuple, then their sizes, little-endian, to w through buf (4*chunk bytes),
// as a weights file keeps them. It writes nothing more once one is not
// finite.
func (c *coherence) writeTables(w io.Writer, buf []byte) error {
	defer runtime.KeepAlive(c) // the owner of the tables read (see weights)
	for half := range 2 {
		for t := range len(c.pairs) / 2 {
			for i := 0; i < tableLen; i += chunk {
				pairs := c.chunkOf(t, i)
				for j := range chunk {
					binary.LittleEndian.PutUint32(buf[4*j:], math.Float32bits(pairs[2*j+half]))
				}
				if firstNonFinite(buf) >= 0 {
					return ErrNotFinite
				}
				if _, err := w.Write(buf); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// writeTable writes the weights of t, little-endian, to w, through buf
// where the machine's byte order is not little-endian. It writes nothing
// if a weight is not finite.
func writeTable(w io.Writer, t *table, buf []byte) error {
	if littleEndian {
		b := t.bytes()
		if firstNonFinite(b) >= 0 {
			return ErrNotFinite
		}
		_, err := w.Write(b)
		return err
	}
	for i := 0; i < tableLen; i += chunk {
		for j, v := range t[i : i+chunk] {
			binary.LittleEndian.PutUint32(buf[4*j:], math.Float32bits(v))
		}
		if firstNonFinite(buf) >= 0 {
			return ErrNotFinite
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// firstNonFinite returns the position of the first float in b, little-endian
// float32s, that is an infinity or not a number, or -1 if all are finite.
// Such a float has all its exponent bits set, so its last byte is 0x7F or
// 0xFF: bytes.IndexByte finds the candidates many times faster than a loop
// over the floats.
func firstNonFinite(b []byte) int {
	first := -1
	for _, top := range [2]byte{0x7F, 0xFF} {
		for off := 0; off < len(b); {
			i := bytes.IndexByte(b[off:], top)
			if i < 0 || first >= 0 && (off+i)/4 >= first {
				break
			}
			i += off
			if i%4 == 3 && b[i-1]&0x80 != 0 {
				first = i / 4
				break
			}
			off = i + 1
		}
	}
	return first
}
