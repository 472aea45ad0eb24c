package ntuple

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/term2048/2048/engine"
)

// ReadCheckpoint reads a weights file written by WriteTo, with the coherence
// tables if it has them, so that training can resume from it. It fails with
// a *FormatError if r does not hold a complete, undamaged weights file of
// this version, and nothing else: trailing bytes are damage too.
func ReadCheckpoint(r io.Reader) (*Checkpoint, error) { return newFileReader(r).read(true) }

// ReadNetwork reads the network of a weights file, as ReadCheckpoint does,
// but reads the coherence tables only to check them: what a player needs.
// It reads a play file too (see [Checkpoint.WritePlay]), told apart by its magic: the
// network then holds the file's codes, and the state only the counts of
// its training (episodes, moves and time). Like ReadCheckpoint, it fails
// with a *FormatError if r does not hold a complete, undamaged file.
func ReadNetwork(r io.Reader) (*Network, State, error) {
	fr := newFileReader(r)
	start, err := fr.r.Peek(len(playMagic))
	switch {
	case len(start) == 0 && err == io.EOF:
		return nil, State{}, formatErrorf("not a weights file: it is empty")
	case isPrefix(playMagic, start) && !isPrefix(fileMagic, start):
		return readPlay(fr)
	case !isPrefix(fileMagic, start):
		return nil, State{}, formatErrorf("not a weights file: it begins with neither %q nor %q (a play file)", fileMagic, playMagic)
	}
	c, err := fr.read(false)
	if err != nil {
		return nil, State{}, err
	}
	return c.Net, c.State, nil
}

// isPrefix reports whether b, the beginning of a file, is the beginning of
// magic: the whole of it, or the whole file if it is shorter.
func isPrefix(magic string, b []byte) bool { return strings.HasPrefix(magic, string(b)) }

// newFileReader returns a reader of a file of either kind from r.
func newFileReader(r io.Reader) *fileReader {
	return &fileReader{r: bufio.NewReaderSize(r, 1<<20), crc: crc32.New(castagnoli)}
}

// read reads a weights file, keeping the coherence tables if it has them
// and keepCoherence is set.
func (fr *fileReader) read(keepCoherence bool) (_ *Checkpoint, err error) {
	c, hasCoherence, err := fr.header()
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			c.Release() // hundreds of megabytes, read in part: given back now
		}
	}()
	fr.crc.Reset()
	if err := fr.tables(c.Net.weights, len(c.Net.weights), "weights"); err != nil {
		return nil, err
	}
	if hasCoherence {
		n := len(c.Net.weights)
		var tc *coherence // nil: read the tables only through the checksum
		if keepCoherence {
			tc = newCoherence(n)
			c.coherence = tc
		}
		if err := fr.coherence(tc, n); err != nil {
			return nil, err
		}
	}
	if err := fr.checksum("weights"); err != nil {
		return nil, err
	}
	if err := fr.atEnd(); err != nil {
		return nil, err
	}
	return c, nil
}

// fileReader reads a weights file through a running checksum.
type fileReader struct {
	r   *bufio.Reader
	crc hash.Hash32
	buf []byte
}

// full reads exactly n bytes into the reader's buffer, and adds them to the
// checksum. A file that ends first is truncated.
func (f *fileReader) full(n int, what string) ([]byte, error) {
	if cap(f.buf) < n {
		f.buf = make([]byte, n)
	}
	b := f.buf[:n]
	if _, err := io.ReadFull(f.r, b); err != nil {
		return nil, f.readError(err, what)
	}
	f.crc.Write(b)
	return b, nil
}

// readError returns the error of a read of what that failed with err: a
// file that ends early is truncated.
func (f *fileReader) readError(err error, what string) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return formatErrorf("truncated: the file ends in the %s", what)
	}
	return err
}

// checksum reads a CRC-32C and compares it with the bytes read since the
// last reset.
func (f *fileReader) checksum(what string) error {
	want := f.crc.Sum32()
	b, err := f.full(4, what+"' checksum")
	if err != nil {
		return err
	}
	if got := binary.LittleEndian.Uint32(b); got != want {
		return formatErrorf("damaged: the checksum of the %s does not match (stored %08x, computed %08x)", what, got, want)
	}
	return nil
}

// header reads the file up to the header's checksum, and returns a
// checkpoint with its network allocated but not read.
func (f *fileReader) header() (*Checkpoint, bool, error) {
	// A file too short for the magic is not a weights file, unless what it
	// has is the magic's beginning.
	start, err := f.r.Peek(len(fileMagic))
	switch {
	case len(start) == 0 && err == io.EOF:
		return nil, false, formatErrorf("not a weights file: it is empty")
	case string(start) == playMagic:
		return nil, false, formatErrorf("not a weights file but a play file: it holds a network to play with, not a training to go on with")
	case !isPrefix(fileMagic, start):
		return nil, false, formatErrorf("not a weights file: it does not begin with %q", fileMagic)
	}
	b, err := f.full(16, "header")
	if err != nil {
		return nil, false, err
	}
	version := binary.LittleEndian.Uint32(b[8:])
	if version != fileVersion && version != stageFileVersion {
		return nil, false, formatErrorf("a weights file of version %d: this program reads versions %d and %d", version, fileVersion, stageFileVersion)
	}
	size := binary.LittleEndian.Uint32(b[12:])
	if size > maxHeader {
		return nil, false, formatErrorf("damaged: a header of %d bytes (at most %d)", size, maxHeader)
	}
	b, err = f.full(int(size), "header")
	if err != nil {
		return nil, false, err
	}
	fields := append([]byte(nil), b...)
	if err := f.checksum("header"); err != nil {
		return nil, false, err
	}
	return parseHeader(fields, version == stageFileVersion)
}

// parseHeader decodes the header's fields, whose checksum has been checked,
// those of a later stage's file if stage is set, and allocates the network
// they describe.
func parseHeader(h []byte, stage bool) (*Checkpoint, bool, error) {
	p := &fieldParser{b: h}
	name := string(p.bytes(int(p.byte())))
	tuples := make([]Tuple, p.byte())
	for i := range tuples {
		copy(tuples[i][:], p.bytes(TupleSize))
	}
	initial := math.Float32frombits(p.uint32())
	flags := p.byte()
	var s State
	s.Episodes, s.Moves, s.Elapsed = p.uint64(), p.uint64(), time.Duration(p.uint64())
	s.Rate, s.CoherenceRate = math.Float32frombits(p.uint32()), math.Float32frombits(p.uint32())
	s.Restart, s.Seed = p.uint32(), p.uint64()
	s.Generators = make([]rand.PCG, p.uint16())
	for i := range s.Generators {
		if err := s.Generators[i].UnmarshalBinary(p.bytes(20)); err != nil && p.err == nil {
			p.err = formatErrorf("damaged: generator %d: %v", i, err)
		}
	}
	if stage {
		rank := p.byte()
		if rank >= 2 && rank <= engine.MaxRank {
			s.StageTile = engine.TileValue(rank)
		} else if p.err == nil {
			p.err = formatErrorf("damaged: a stage from tile rank %d", rank)
		}
	}
	if p.err == nil && len(p.b) != 0 {
		p.err = formatErrorf("damaged: %d bytes left over in the header", len(p.b))
	}
	if p.err != nil {
		return nil, false, p.err
	}
	s.Coherence = flags&flagCoherence != 0
	d, err := ParseDesign(name)
	if err != nil || !slices.Equal(d.Tuples(), tuples) {
		return nil, false, formatErrorf("a network this program does not know: %q with tuples %v", name, tuples)
	}
	if !finite(initial) || !finite(s.Rate) || !finite(s.CoherenceRate) || s.Elapsed < 0 {
		return nil, false, formatErrorf("damaged: a number in the header is out of range")
	}
	n, err := newEmpty(d, initial)
	if err != nil {
		return nil, false, formatErrorf("damaged: %v", err)
	}
	return &Checkpoint{Net: n, State: s}, s.Coherence, nil
}

// fieldParser takes little-endian fields off the front of a header; past
// its end it returns zeros and keeps a truncation error.
type fieldParser struct {
	b   []byte
	err error
}

func (p *fieldParser) bytes(n int) []byte {
	if n > len(p.b) {
		if p.err == nil {
			p.err = formatErrorf("damaged: the header is too short for its fields")
		}
		p.b = nil
		return make([]byte, n)
	}
	v := p.b[:n]
	p.b = p.b[n:]
	return v
}

func (p *fieldParser) byte() byte     { return p.bytes(1)[0] }
func (p *fieldParser) uint16() uint16 { return binary.LittleEndian.Uint16(p.bytes(2)) }
func (p *fieldParser) uint32() uint32 { return binary.LittleEndian.Uint32(p.bytes(4)) }
func (p *fieldParser) uint64() uint64 { return binary.LittleEndian.Uint64(p.bytes(8)) }

// tables reads n tables of floats into dst, or only through the checksum if
// dst is nil, and fails if one is not finite.
func (f *fileReader) tables(dst weights, n int, what string) error {
	for t := range n {
		var tab *table
		if dst != nil {
			tab = &dst[t]
		}
		if err := f.table(tab, what, t); err != nil {
			return err
		}
	}
	return nil
}

// coherence reads the coherence tables of a network of n tables, the sums
// of each tuple's weights then their sizes (see coherence.writeTables), into
// dst, or only through the checksum if dst is nil, and fails if one is not
// finite.
func (f *fileReader) coherence(dst *coherence, n int) error {
	if dst == nil {
		return f.tables(nil, 2*n, "coherence sums and sizes")
	}
	defer runtime.KeepAlive(dst) // the owner of the tables written (see weights)
	for half, what := range [2]string{"coherence sum", "coherence size"} {
		for t := range n {
			for i := 0; i < tableLen; i += chunk {
				b, err := f.finiteChunk(what, t, i)
				if err != nil {
					return err
				}
				pairs := dst.chunkOf(t, i)
				for j := range chunk {
					pairs[2*j+half] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*j:]))
				}
			}
		}
	}
	return nil
}

// finiteChunk reads the chunk floats of table t from float i, and fails if
// one is not finite.
func (f *fileReader) finiteChunk(what string, t, i int) ([]byte, error) {
	b, err := f.full(4*chunk, what)
	if err != nil {
		return nil, err
	}
	if j := firstNonFinite(b); j >= 0 {
		return nil, formatErrorf("damaged: %s %d of table %d is not a finite number", what, i+j, t)
	}
	return b, nil
}

// table reads table number t into dst, or only through the checksum if
// dst is nil. Where the machine is little-endian, the bytes go straight
// into the table's memory.
func (f *fileReader) table(dst *table, what string, t int) error {
	if dst != nil && littleEndian {
		b := dst.bytes()
		if _, err := io.ReadFull(f.r, b); err != nil {
			return f.readError(err, what)
		}
		f.crc.Write(b)
		if j := firstNonFinite(b); j >= 0 {
			return formatErrorf("damaged: %s %d of table %d is not a finite number", what, j, t)
		}
		return nil
	}
	for i := 0; i < tableLen; i += chunk {
		b, err := f.finiteChunk(what, t, i)
		if err != nil {
			return err
		}
		if dst != nil {
			for j := range chunk {
				dst[i+j] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*j:]))
			}
		}
	}
	return nil
}
