package ntuple

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// savedFile returns the path of a checkpoint of a 4×6 network trained for
// a few games, with coherence tables if coherence is set. Each kind is
// written once, in a directory TestMain removes, and shared by the tests:
// the files are read through wrappers that damage or cut them, so that no
// test holds hundreds of megabytes of bytes.
func savedFile(t testing.TB, coherence bool) string {
	t.Helper()
	return savedKind(t, coherence).path
}

// coherencePlay returns the play file of the network of savedFile(t,
// true), at DefaultPlayStep and rounded by DefaultTiers as its coherence
// tables rank its weights: written with the file, from the same
// checkpoint, rather than from the file read back, which takes 768 MiB.
// (The file reads back as the checkpoint written, byte for byte: see
// TestCheckpointRoundTrip.)
func coherencePlay(t testing.TB) []byte {
	t.Helper()
	return savedKind(t, true).play
}

// savedKind returns the files of one kind, written the first time.
func savedKind(t testing.TB, coherence bool) *savedFiles {
	t.Helper()
	k := &files[0]
	if coherence {
		k = &files[1]
	}
	k.once.Do(func() { k.path, k.play, k.err = writeSavedFile(coherence) })
	if k.err != nil {
		t.Fatal(k.err)
	}
	return k
}

// savedFiles are the files of one kind of savedFile.
type savedFiles struct {
	once sync.Once
	path string
	play []byte // with coherence tables only: see coherencePlay
	err  error
}

var files [2]savedFiles

// wholeNetwork skips, under the race detector, a test that goes through
// every weight of a 256 MiB network, writing and reading its files, with
// nothing to race: a minute or more there. .ci/run runs these tests
// without the race detector; TestPlayRoundTrip and the trainer's tests
// keep the concurrent writing and training under it.
func wholeNetwork(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("every weight of a whole network, on one goroutine: run without -race")
	}
}

// testDir holds the saved files; TestMain makes and removes it.
var testDir string

func TestMain(m *testing.M) {
	var err error
	if testDir, err = os.MkdirTemp("", "ntuple-test-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(testDir)
	os.Exit(code)
}

func writeSavedFile(coherence bool) (path string, play []byte, err error) {
	c, err := NewCheckpoint(FourBySix, 7)
	if err != nil {
		return "", nil, err
	}
	tr, err := NewTrainer(c, 1)
	if err != nil {
		return "", nil, err
	}
	defer func() { tr.Checkpoint().Release() }()
	if coherence {
		tr.StartCoherence()
	}
	if _, err := tr.Run(context.Background(), 20); err != nil {
		return "", nil, err
	}
	if coherence {
		var b bytes.Buffer
		if _, err := tr.Checkpoint().WritePlay(&b, DefaultPlayStep, DefaultTiers()); err != nil {
			return "", nil, err
		}
		play = b.Bytes()
	}
	path = filepath.Join(testDir, fmt.Sprintf("coherence-%v.weights", coherence))
	f, err := os.Create(path)
	if err != nil {
		return "", nil, err
	}
	if _, err := tr.Checkpoint().WriteTo(f); err != nil {
		f.Close()
		return "", nil, err
	}
	return path, play, f.Close()
}

// writeAndRead writes c as a weights file and reads it back with
// ReadCheckpoint, streamed through a pipe: no test holds the hundreds of
// megabytes of the file. It returns the checkpoint read, which the caller
// releases, and the file's first 16 bytes: its magic, its version and the
// length of its header.
func writeAndRead(c *Checkpoint) (read *Checkpoint, start []byte, err error) {
	r, w := io.Pipe()
	written := make(chan error, 1)
	go func() {
		_, err := c.WriteTo(w)
		w.CloseWithError(err) // nil: the reader meets the end of the file
		written <- err
	}()
	br := bufio.NewReader(r)
	start, _ = br.Peek(16)
	start = bytes.Clone(start)
	read, err = ReadCheckpoint(br)
	r.CloseWithError(io.ErrClosedPipe) // a writer the reader left behind stops
	switch werr := <-written; {
	case werr != nil && !errors.Is(werr, io.ErrClosedPipe):
		if read != nil {
			read.Release()
		}
		return nil, nil, fmt.Errorf("WriteTo: %w", werr)
	case err != nil:
		return nil, nil, fmt.Errorf("ReadCheckpoint of what WriteTo wrote: %w", err)
	}
	return read, start, nil
}

// fileReader opens path for reading through edit, which may damage or cut
// what it reads, and calls read; it returns read's error.
func readEdited(t *testing.T, path string, edit func(io.Reader) io.Reader, read func(io.Reader) error) error {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return read(edit(bufio.NewReaderSize(f, 1<<20)))
}

// readCheckpoint and readNetwork read a weights file for its error alone,
// and give back the memory of what they read.
func readCheckpoint(r io.Reader) error {
	c, err := ReadCheckpoint(r)
	if err == nil {
		c.Release()
	}
	return err
}

func readNetwork(r io.Reader) error {
	net, _, err := ReadNetwork(r)
	if err == nil {
		net.Release()
	}
	return err
}

// flipped returns an edit that XORs the byte at offset with mask.
func flipped(offset int64, mask byte) func(io.Reader) io.Reader {
	return func(r io.Reader) io.Reader { return &flipReader{r: r, at: offset, mask: mask} }
}

type flipReader struct {
	r    io.Reader
	at   int64 // the offset of the byte to change, from the current position
	mask byte
}

func (f *flipReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if f.at >= 0 && f.at < int64(n) {
		p[f.at] ^= f.mask
	}
	f.at -= int64(n)
	return n, err
}

// skip returns r after discarding its next n bytes.
func skip(r io.Reader, n int64) io.Reader {
	return readerFunc(func(p []byte) (int, error) {
		if n > 0 {
			k, err := io.CopyN(io.Discard, r, n)
			n -= k
			if err != nil {
				return 0, err
			}
		}
		return r.Read(p)
	})
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// cut returns an edit that stops after n bytes.
func cut(n int64) func(io.Reader) io.Reader {
	return func(r io.Reader) io.Reader { return io.LimitReader(r, n) }
}

// header returns the bytes of a saved file up to and with the header's
// checksum, and the offset of that checksum.
func header(t *testing.T, path string) ([]byte, int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fixed := make([]byte, 16)
	if _, err := io.ReadFull(f, fixed); err != nil {
		t.Fatal(err)
	}
	end := 16 + int(binary.LittleEndian.Uint32(fixed[12:]))
	h := make([]byte, end+4)
	if _, err := f.ReadAt(h, 0); err != nil {
		t.Fatal(err)
	}
	return h, end
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// TestCheckpointRoundTrip checks that a checkpoint read back writes the
// same bytes, with and without coherence tables, and that ReadNetwork reads
// the same network. Each file's networks are given back before the next
// file is read, and the coherence tables as soon as they are written: the
// largest file alone takes 768 MiB.
func TestCheckpointRoundTrip(t *testing.T) {
	wholeNetwork(t)
	// Both files are written before any is read: writing the second
	// trains a network with coherence tables, 768 MiB mapped.
	paths := [2]string{savedFile(t, false), savedFile(t, true)}
	for i, coherence := range []bool{false, true} {
		path := paths[i]
		var c *Checkpoint
		err := readEdited(t, path, noEdit, func(r io.Reader) (err error) { c, err = ReadCheckpoint(r); return err })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(c.Release)
		if (c.coherence != nil) != coherence || c.State.Coherence != coherence {
			t.Errorf("coherence %v: read back with tables %v, state %v", coherence, c.coherence != nil, c.State.Coherence)
		}
		readEdited(t, path, noEdit, func(r io.Reader) error {
			again := &matchWriter{r: r, buf: make([]byte, 1<<20), same: true}
			n, err := c.WriteTo(again)
			if size := fileSize(t, path); err != nil || n != size {
				t.Fatalf("coherence %v: WriteTo = %d, %v; want %d, nil", coherence, n, err, size)
			}
			if !again.matched() {
				t.Errorf("coherence %v: the checkpoint read back writes other bytes", coherence)
			}
			return nil
		})
		if c.coherence != nil {
			c.coherence.release() // only the network is compared below
		}
		var net *Network
		var state State
		err = readEdited(t, path, noEdit, func(r io.Reader) (err error) { net, state, err = ReadNetwork(r); return err })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(net.Release)
		if !sameWeights(net, c.Net) || state.Episodes != 20 || state.Moves != c.State.Moves {
			t.Errorf("coherence %v: ReadNetwork read another network or state (%d episodes)", coherence, state.Episodes)
		}
		net.Release()
		c.Release()
	}
}

func noEdit(r io.Reader) io.Reader { return r }

// A matchWriter compares the bytes written to it with those r reads, a
// buffer at a time: two files compared without either held in memory.
type matchWriter struct {
	r    io.Reader
	buf  []byte
	same bool // so far; set it to begin
}

func (m *matchWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && m.same {
		k := min(len(p), len(m.buf))
		if _, err := io.ReadFull(m.r, m.buf[:k]); err != nil || !bytes.Equal(m.buf[:k], p[:k]) {
			m.same = false
		}
		p = p[k:]
	}
	return n, nil
}

// matched reports whether every byte written was r's, and r has no more.
func (m *matchWriter) matched() bool {
	if !m.same {
		return false
	}
	_, err := io.ReadFull(m.r, m.buf[:1])
	return err == io.EOF
}

// formatError reads path through edit and checks that the error is a
// *FormatError; it returns its message.
func formatError(t *testing.T, what, path string, edit func(io.Reader) io.Reader) string {
	t.Helper()
	return formatErrorOf(t, what, path, edit, readCheckpoint, "ReadCheckpoint")
}

// formatErrorOf reads path through edit with read, called name in
// messages, and checks that the error is a *FormatError; it returns its
// message.
func formatErrorOf(t *testing.T, what, path string, edit func(io.Reader) io.Reader, read func(io.Reader) error, name string) string {
	t.Helper()
	err := readEdited(t, path, edit, read)
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("%s: %s = %v; want a *FormatError", what, name, err)
	}
	return err.Error()
}

// TestDamagedFiles checks that a damaged file is refused, saying what is
// wrong: every byte of the header changed, and bytes of the weights.
func TestDamagedFiles(t *testing.T) {
	path := savedFile(t, false)
	_, end := header(t, path)
	size := fileSize(t, path)
	for i := range int64(end + 4) {
		msg := formatError(t, fmt.Sprintf("header byte %d", i), path, flipped(i, 0x10))
		if !strings.Contains(msg, "header") && !strings.Contains(msg, "weights file") && !strings.Contains(msg, "version") {
			t.Errorf("header byte %d changed: %v; want a word about the header", i, msg)
		}
	}
	for _, i := range []int64{int64(end) + 4, size / 2, size - 5, size - 1} {
		if msg := formatError(t, fmt.Sprintf("byte %d", i), path, flipped(i, 0x01)); !strings.Contains(msg, "checksum of the weights") {
			t.Errorf("byte %d of %d changed: %v; want a checksum mismatch", i, size, msg)
		}
	}
	// The first weight an infinity: refused as soon as it is read.
	infinity := func(r io.Reader) io.Reader {
		return io.MultiReader(io.LimitReader(r, int64(end)+4), strings.NewReader("\x00\x00\x80\x7f"), skip(r, 4))
	}
	if msg := formatError(t, "infinity", path, infinity); !strings.Contains(msg, "not a finite number") {
		t.Errorf("a weight that is not a number: %v; want it named", msg)
	}
	extra := func(r io.Reader) io.Reader { return io.MultiReader(r, strings.NewReader("x")) }
	if msg := formatError(t, "trailing byte", path, extra); !strings.Contains(msg, "follow") {
		t.Errorf("a byte after the end: %v; want it refused", msg)
	}
}

// TestTruncatedFiles checks that a file cut anywhere is refused as
// truncated, by both readers.
func TestTruncatedFiles(t *testing.T) {
	path := savedFile(t, false)
	_, end := header(t, path)
	size := fileSize(t, path)
	if msg := formatError(t, "empty", path, cut(0)); !strings.Contains(msg, "empty") {
		t.Errorf("an empty file: %v; want it said", msg)
	}
	cuts := []int64{1, 8, 15, 16, int64(end) - 1, int64(end), int64(end) + 3, int64(end) + 4, int64(end) + 5, size / 2, size - 4, size - 1}
	for _, n := range cuts {
		for _, read := range []func(io.Reader) error{readCheckpoint, readNetwork} {
			if err := readEdited(t, path, cut(n), read); err == nil || !strings.Contains(err.Error(), "truncated") {
				t.Errorf("the first %d of %d bytes: %v; want truncated", n, size, err)
			}
		}
	}
}

// TestForeignFiles checks the messages for a file that is not a weights
// file, one of another version, and one of a network this package does
// not know.
func TestForeignFiles(t *testing.T) {
	path := savedFile(t, false)
	h, end := header(t, path)
	withHeader := func(edit func(h []byte)) func(io.Reader) io.Reader {
		e := append([]byte(nil), h...)
		edit(e)
		binary.LittleEndian.PutUint32(e[end:], crc32.Checksum(e[:end], castagnoli))
		return func(r io.Reader) io.Reader {
			io.CopyN(io.Discard, r, int64(len(e)))
			return io.MultiReader(strings.NewReader(string(e)), r)
		}
	}
	text := func(io.Reader) io.Reader { return strings.NewReader("#!/bin/sh\necho hello\n") }
	for _, c := range []struct {
		name string
		edit func(io.Reader) io.Reader
		want string
	}{
		{"text", text, "not a weights file"},
		{"version 3", withHeader(func(h []byte) { h[8] = 3 }), "version 3"},
		{"5x6", withHeader(func(h []byte) { h[17] = '5' }), "does not know"},
		{"other tuple", withHeader(func(h []byte) { h[21] = 7 }), "does not know"},
	} {
		if msg := formatError(t, c.name, path, c.edit); !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v; want %q", c.name, msg, c.want)
		}
	}
}

// FuzzReadCheckpoint checks that no input makes the reader panic or accept
// it: every weights file is hundreds of megabytes.
func FuzzReadCheckpoint(f *testing.F) {
	f.Add([]byte(fileMagic))
	f.Add([]byte(fileMagic + "\x01\x00\x00\x00\x05\x00\x00\x00abcde"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := ReadCheckpoint(strings.NewReader(string(b))); err == nil {
			t.Fatalf("ReadCheckpoint accepted %d bytes", len(b))
		}
	})
}

// errWriter fails every write after the first n bytes.
type errWriter struct{ n int }

func (w *errWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, io.ErrShortWrite
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteToReportsErrors checks that a failing writer's error comes back.
func TestWriteToReportsErrors(t *testing.T) {
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	c := &Checkpoint{Net: n, State: NewState(1)}
	if written, err := c.WriteTo(&errWriter{n: 1 << 20}); !errors.Is(err, io.ErrShortWrite) || written > 1<<20 {
		t.Errorf("WriteTo a writer that fails after 1 MiB = %d, %v; want at most 1 MiB and its error", written, err)
	}
}
