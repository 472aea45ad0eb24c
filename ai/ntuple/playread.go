package ntuple

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"
	"time"
)

// CheckPlay reads the play file r holds through, checking its header and
// its checksums, but decodes none of its codes: what a game checks, in
// milliseconds, of a network it offers before anyone asks for it. It
// returns the network's design and the counts of its training, or a
// *FormatError that says what is wrong with the file.
func CheckPlay(r io.Reader) (Design, State, error) {
	f := newFileReader(r)
	if start, _ := f.r.Peek(len(playMagic)); !isPrefix(playMagic, start) || len(start) == 0 {
		return 0, State{}, formatErrorf("not a play file: it does not begin with %q", playMagic)
	}
	p, _, err := f.playBody()
	if err != nil {
		return 0, State{}, err
	}
	return p.design, p.state, nil
}

// readPlay reads a play file from f, which begins with its magic: the
// header and every compressed byte, checked against their checksums before
// anything is decoded, then the codes of each tuple, in parallel.
func readPlay(f *fileReader) (*Network, State, error) {
	p, streams, err := f.playBody()
	if err != nil {
		return nil, State{}, err
	}
	n, err := p.decode(streams)
	if err != nil {
		return nil, State{}, err
	}
	return n, p.state, nil
}

// playBody reads a play file from f to its end: its header's fields, and
// each tuple's compressed codes, whose checksum it checks.
func (f *fileReader) playBody() (*playFields, [][]byte, error) {
	p, err := f.playHeader()
	if err != nil {
		return nil, nil, err
	}
	f.crc.Reset()
	streams := make([][]byte, len(p.lengths))
	for t, n := range p.lengths {
		if streams[t], err = f.stream(int(n)); err != nil {
			return nil, nil, err
		}
	}
	if err := f.checksum("weights"); err != nil {
		return nil, nil, err
	}
	if err := f.atEnd(); err != nil {
		return nil, nil, err
	}
	return p, streams, nil
}

// stream reads the n bytes of a tuple's compressed codes. It takes the
// memory of all n only once the first mebibyte is there, so that a file
// cut short, or a header that claims too much, costs little.
func (f *fileReader) stream(n int) ([]byte, error) {
	head := make([]byte, min(n, 1<<20))
	if _, err := io.ReadFull(f.r, head); err != nil {
		return nil, f.readError(err, "weights")
	}
	f.crc.Write(head)
	if n == len(head) {
		return head, nil
	}
	b := make([]byte, n)
	copy(b, head)
	if _, err := io.ReadFull(f.r, b[len(head):]); err != nil {
		return nil, f.readError(err, "weights")
	}
	f.crc.Write(b[len(head):])
	return b, nil
}

// playFields are the fields of a play file's header.
type playFields struct {
	design  Design
	initial float32
	state   State
	z       []quantizer // each tuple's base and step
	lengths []uint32    // the length of each tuple's compressed codes
}

// playHeader reads a play file up to the header's checksum, and its fields.
func (f *fileReader) playHeader() (*playFields, error) {
	b, err := f.full(16, "header")
	if err != nil {
		return nil, err
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != playVersion {
		return nil, formatErrorf("a play file of version %d: this program reads version %d", v, playVersion)
	}
	size := binary.LittleEndian.Uint32(b[12:])
	if size > maxHeader {
		return nil, formatErrorf("damaged: a header of %d bytes (at most %d)", size, maxHeader)
	}
	b, err = f.full(int(size), "header")
	if err != nil {
		return nil, err
	}
	fields := append([]byte(nil), b...)
	if err := f.checksum("header"); err != nil {
		return nil, err
	}
	return parsePlayHeader(fields)
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

// decode returns the network of the header p and the compressed codes of
// each tuple, whose checksum has been checked.
func (p *playFields) decode(streams [][]byte) (*Network, error) {
	q, free := newQuantized(p.design)
	n := &Network{design: p.design, quantized: q, initial: p.initial}
	n.giveBack = releaseWith(n, free)
	for t, z := range p.z {
		q.base[t], q.step[t] = z.base, z.step
	}
	q.setOffset()
	errs := make([]error, len(q.tables))
	var wg sync.WaitGroup
	for t, stream := range streams {
		wg.Go(func() { errs[t] = decodeCodes(q.tables[t][:tableLen], stream) })
	}
	wg.Wait()
	for t, err := range errs {
		if err != nil {
			n.release()
			return nil, formatErrorf("damaged: the codes of tuple %d: %v", t, err)
		}
	}
	return n, nil
}

// decodeCodes decodes into dst, which is all zeros, the DEFLATE stream s
// of the low bytes of len(dst) codes, then their high bytes. The stream
// must end exactly with them.
func decodeCodes(dst []uint16, s []byte) error {
	src := bytes.NewReader(s) // an io.ByteReader: flate reads no byte past its stream
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
	if src.Len() != 0 {
		return fmt.Errorf("%d bytes follow them", src.Len())
	}
	return nil
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
