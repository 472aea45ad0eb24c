package ntuple

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"slices"
	"time"
)

// A PlayInfo is what CheckPlay tells of a play file.
type PlayInfo struct {
	Design Design
	// State holds the counts of the network's training (episodes, moves
	// and time), those of all its stages for a network of stages.
	State State
	// StageTiles holds the tile from which each stage of a network of
	// stages values boards (see Staged), the first 0; nil for a network
	// of one stage.
	StageTiles []int
}

// CheckPlay reads the play file r holds through, checking its header and
// its checksums, but decodes none of its codes: what a game checks, in
// milliseconds, of a network it offers before anyone asks for it. It
// returns what the file holds, or a *FormatError that says what is wrong
// with it.
func CheckPlay(r io.Reader) (PlayInfo, error) {
	f := newFileReader(r)
	if start, _ := f.r.Peek(len(playMagic)); !isPrefix(playMagic, start) || len(start) == 0 {
		return PlayInfo{}, formatErrorf("not a play file: it does not begin with %q", playMagic)
	}
	return checkPlayOf(f, true)
}

// checkPlayOf checks the play file f holds, as CheckPlay does; a play file
// of stages only if staged is set.
func checkPlayOf(f *fileReader, staged bool) (PlayInfo, error) {
	version, fields, err := f.playHeader()
	if err != nil {
		return PlayInfo{}, err
	}
	if version == stagedVersion {
		if !staged {
			return PlayInfo{}, errNestedStages
		}
		return f.checkStaged(fields)
	}
	p, err := parsePlayHeader(fields)
	if err != nil {
		return PlayInfo{}, err
	}
	if err := f.playCodes(p, nil); err != nil {
		return PlayInfo{}, err
	}
	return PlayInfo{Design: p.design, State: p.state}, nil
}

// readPlay reads a play file from f, which begins with its magic: its
// header, then the codes of each tuple, decoded as they are read; or, for
// a network of stages, the play file of each stage.
func readPlay(f *fileReader) (*Network, State, error) {
	version, fields, err := f.playHeader()
	if err != nil {
		return nil, State{}, err
	}
	if version == stagedVersion {
		return f.readStaged(fields)
	}
	return f.readPlayBody(fields)
}

// readPlayBody reads the rest of the play file of one network whose header
// fields are fields.
func (f *fileReader) readPlayBody(fields []byte) (*Network, State, error) {
	p, err := parsePlayHeader(fields)
	if err != nil {
		return nil, State{}, err
	}
	n := p.network()
	if err := f.playCodes(p, n.quantized); err != nil {
		n.Release()
		return nil, State{}, err
	}
	return n, p.state, nil
}

// playCodes reads the compressed codes of each tuple of the play file whose
// header is p, to the file's end, and checks their checksum. If q is not
// nil, it decodes them into q's tables as they are read: the compressed
// bytes pass through a small buffer, never all in memory at once, which
// keeps a game's peak memory while it reads a network to the tables' own
// (28 MB less for a network of an hour), for reading one tuple at a time
// rather than decoding the four in parallel (measured in docs/training.md).
// A file whose codes do not decode is reported once its checksum is
// checked: a checksum that does not match says better what happened.
func (f *fileReader) playCodes(p *playFields, q *quantized) error {
	f.crc.Reset()
	var undecoded error
	for t, n := range p.lengths {
		s := f.section(int(n))
		if q != nil && undecoded == nil {
			if err := decodeCodes(q.tables[t][:tableLen], s); err != nil {
				undecoded = formatErrorf("damaged: the codes of tuple %d: %v", t, err)
			}
		}
		if err := s.rest(); err != nil {
			return f.readError(err, "weights")
		}
	}
	if err := f.checksum("weights"); err != nil {
		return err
	}
	if err := f.atEnd(); err != nil {
		return err
	}
	return undecoded
}

// A section reads the next bytes of a file and no more, adding them to the
// file's checksum as it reads them. It reads a byte at a time too, so that
// a DEFLATE reader over it takes no byte past its stream (see
// compress/flate.NewReader).
type section struct {
	*bufio.Reader
	left *io.LimitedReader
}

// section returns a reader of the next n bytes of f.
func (f *fileReader) section(n int) section {
	left := &io.LimitedReader{R: f.r, N: int64(n)}
	return section{bufio.NewReaderSize(io.TeeReader(left, f.crc), 64<<10), left}
}

// rest reads what is left of the section, reporting a file that ends before
// it does as io.ErrUnexpectedEOF.
func (s section) rest() error {
	if _, err := io.Copy(io.Discard, s.Reader); err != nil {
		return err
	}
	if s.left.N > 0 {
		return io.ErrUnexpectedEOF
	}
	return nil
}

// playFields are the fields of a play file's header.
type playFields struct {
	design  Design
	initial float32
	state   State
	z       []quantizer // each tuple's base and step
	lengths []uint32    // the length of each tuple's compressed codes
}

// playHeader reads a play file up to the header's checksum, and returns
// its version, playVersion or stagedVersion, and its fields.
func (f *fileReader) playHeader() (uint32, []byte, error) {
	b, err := f.full(16, "header")
	if err != nil {
		return 0, nil, err
	}
	if string(b[:len(playMagic)]) != playMagic {
		return 0, nil, formatErrorf("not a play file: it does not begin with %q", playMagic)
	}
	version := binary.LittleEndian.Uint32(b[8:])
	if version != playVersion && version != stagedVersion {
		return 0, nil, formatErrorf("a play file of version %d: this program reads versions %d and %d", version, playVersion, stagedVersion)
	}
	size := binary.LittleEndian.Uint32(b[12:])
	if size > maxHeader {
		return 0, nil, formatErrorf("damaged: a header of %d bytes (at most %d)", size, maxHeader)
	}
	b, err = f.full(int(size), "header")
	if err != nil {
		return 0, nil, err
	}
	fields := append([]byte(nil), b...)
	if err := f.checksum("header"); err != nil {
		return 0, nil, err
	}
	return version, fields, nil
}

// parsePlayHeader decodes the header's fields, whose checksum has been
// checked.
func parsePlayHeader(h []byte) (*playFields, error) {
	p := &fieldParser{b: h}
	name := string(p.bytes(int(p.byte())))
	tuples := make([]Tuple, p.byte())
	for i := range tuples {
		copy(tuples[i][:], p.bytes(TupleSize))
	}
	f := &playFields{initial: math.Float32frombits(p.uint32())}
	f.state.Episodes, f.state.Moves, f.state.Elapsed = p.uint64(), p.uint64(), time.Duration(p.uint64())
	for range tuples {
		z := quantizer{base: math.Float32frombits(p.uint32()), step: math.Float32frombits(p.uint32())}
		f.z = append(f.z, z)
		f.lengths = append(f.lengths, p.uint32())
	}
	if p.err == nil && len(p.b) != 0 {
		p.err = formatErrorf("damaged: %d bytes left over in the header", len(p.b))
	}
	if p.err != nil {
		return nil, p.err
	}
	d, err := ParseDesign(name)
	if err != nil || !slices.Equal(d.Tuples(), tuples) {
		return nil, formatErrorf("a network this program does not know: %q with tuples %v", name, tuples)
	}
	f.design = d
	if !finite(f.initial) || f.state.Elapsed < 0 {
		return nil, formatErrorf("damaged: a number in the header is out of range")
	}
	for t, z := range f.z {
		if !finite(z.base) || !finite(z.step) || z.step <= 0 || !finite(z.base+z.step*maxCode) {
			return nil, formatErrorf("damaged: tuple %d has base %v and step %v", t, z.base, z.step)
		}
		if f.lengths[t] == 0 || f.lengths[t] > maxStream {
			return nil, formatErrorf("damaged: tuple %d has %d bytes of codes (at most %d)", t, f.lengths[t], maxStream)
		}
	}
	return f, nil
}

// network returns a network of the header p, its tables of codes all
// zero, to be decoded into.
func (p *playFields) network() *Network {
	q, free := newQuantized(p.design)
	n := &Network{design: p.design, quantized: q, initial: p.initial}
	n.giveBack = releaseWith(n, free)
	for t, z := range p.z {
		q.base[t], q.step[t] = z.base, z.step
	}
	q.setOffset()
	return n
}

// decodeCodes decodes into dst, which is all zeros, the DEFLATE stream
// that src holds of the low bytes of len(dst) codes, then their high bytes.
// The stream must end exactly with them, and src with the stream.
func decodeCodes(dst []uint16, src byteReader) error {
	fr := flate.NewReader(src)
	buf := make([]byte, min(chunk, len(dst)))
	for _, shift := range [2]uint{0, 8} {
		for i := 0; i < len(dst); i += len(buf) {
			if _, err := io.ReadFull(fr, buf); err != nil {
				return inflateError(err, "they end early")
			}
			for j, b := range buf {
				dst[i+j] |= uint16(b) << shift
			}
		}
	}
	// A reader may return its last bytes with io.EOF: a byte read, with or
	// without an error, is one too many.
	if n, err := io.ReadAtLeast(fr, buf[:1], 1); n > 0 || err != io.EOF {
		return inflateError(err, "they are longer than the table")
	}
	if _, err := src.ReadByte(); err != io.EOF {
		return inflateError(err, "more bytes follow them")
	}
	return nil
}

// A byteReader reads a byte at a time as well as many: a DEFLATE reader
// over one reads no byte past its stream.
type byteReader interface {
	io.Reader
	io.ByteReader
}

// inflateError says what went wrong with a stream of codes: err, or, if
// the stream ended, why that is wrong.
func inflateError(err error, ended string) error {
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New(ended)
	}
	return err
}

// atEnd checks that nothing follows the last checksum.
func (f *fileReader) atEnd() error {
	if _, err := f.r.ReadByte(); err != io.EOF {
		if err != nil {
			return err
		}
		return formatErrorf("damaged: bytes follow the last checksum")
	}
	return nil
}
