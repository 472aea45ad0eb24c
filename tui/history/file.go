package history

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
)

// MaxLine bounds a line of the history: a game of a million moves takes
// about 2 MB. A longer line is skipped as damaged, without holding it in
// memory.
const MaxLine = 8 << 20

// A Log is the history as Read finds it.
type Log struct {
	Games []Game // the games, in the order of the file: the oldest first
	// Earlier holds each line of earlier games: the games counted before
	// the history began. There is one at most, unless histories were
	// joined by hand.
	Earlier []Earlier
	Skipped []LineError // the lines that were not read, and why
}

// EarlierGames returns the earlier games of every line of them together.
func (l *Log) EarlierGames() Earlier { return sumEarlier(l.Earlier) }

// sumEarlier returns the games of every line of earlier games together.
func sumEarlier(earlier []Earlier) Earlier {
	var sum Earlier
	for _, e := range earlier {
		sum = Earlier{
			GamesPlayed: sum.GamesPlayed + e.GamesPlayed, GamesWon: sum.GamesWon + e.GamesWon,
			GamesHinted: sum.GamesHinted + e.GamesHinted, GamesAutoplayed: sum.GamesAutoplayed + e.GamesAutoplayed,
			BestScore: max(sum.BestScore, e.BestScore), HighestTile: max(sum.HighestTile, e.HighestTile),
		}
	}
	return sum
}

// A LineError says why a line of the history was not read.
type LineError struct {
	Line int // from 1
	Err  error
}

// Error says which line and why.
func (e LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns why the line was not read.
func (e LineError) Unwrap() error { return e.Err }

// Damaged reports whether the line is damaged, rather than written by a
// newer version of 2048 (which is to be left as it is).
func (e LineError) Damaged() bool { return !errors.Is(e.Err, ErrNewer) }

// Read reads the history from r, every game whole. A line that cannot be
// read is skipped and listed in Skipped, with why; a blank line is passed
// over. The error is r's only: what was read before it is returned with
// it.
func Read(r io.Reader) (Log, error) {
	var log Log
	lines := newLineReader(r, 0, 0)
	err := lines.each(func(l line) {
		e, err := l.decode()
		switch {
		case err != nil:
			log.Skipped = append(log.Skipped, LineError{l.n, err})
		case e.Game != nil:
			log.Games = append(log.Games, *e.Game)
		case e.Earlier != nil:
			log.Earlier = append(log.Earlier, *e.Earlier)
		}
	})
	return log, err
}

// A line is a line of a history file, as a lineReader reads it.
type line struct {
	n       int    // its number, from 1
	at      place  // where it is
	text    []byte // without its newline; nil if tooLong; valid until the next line
	tooLong bool   // longer than MaxLine: its text is not held
}

// decode reads the line: an Entry with neither set for a blank line.
func (l line) decode() (Entry, error) {
	if l.tooLong {
		return Entry{}, fmt.Errorf("longer than %d MB", MaxLine>>20)
	}
	if len(bytes.TrimSpace(l.text)) == 0 {
		return Entry{}, nil
	}
	e, err := Decode(l.text)
	if e.Game != nil {
		e.Game.at = l.at
	}
	return e, err
}

// A lineReader reads the lines of a history file, keeping track of where
// each is and of the checksum of the file up to the end of the last whole
// line (see Index).
type lineReader struct {
	br    *bufio.Reader
	n     int    // the number of the last line read
	pos   int64  // the offset of the next byte
	whole int64  // the offset after the newline of the last whole line
	sum   uint32 // the CRC-32C of the bytes before whole
}

// castagnoli is the table of CRC-32C, which the processor computes where it
// can.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// newLineReader reads the lines of r, which is at offset pos of its file,
// after n lines whose checksum is sum.
func newLineReader(r io.Reader, n int, pos int64) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), n: n, pos: pos, whole: pos}
}

// each calls f with each line, in order, to the end of the input. A line
// longer than MaxLine is passed as tooLong, without its text, and is never
// held in memory whole. It returns the input's error, if any.
func (lr *lineReader) each(f func(line)) error {
	var buf []byte
	for {
		buf = buf[:0]
		l := line{n: lr.n + 1, at: place{offset: lr.pos}}
		sum := lr.sum
		chunk, err := lr.br.ReadSlice('\n')
		for {
			sum = crc32.Update(sum, castagnoli, chunk)
			lr.pos += int64(len(chunk))
			if !l.tooLong && len(buf)+len(chunk) > MaxLine+1 { // +1: the newline
				l.tooLong = true
			}
			if !l.tooLong {
				buf = append(buf, chunk...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
			chunk, err = lr.br.ReadSlice('\n')
		}
		if size := lr.pos - l.at.offset; size > 0 {
			if err == nil { // a whole line, ended by its newline
				lr.whole, lr.sum = lr.pos, sum
				size--
			}
			lr.n++
			l.at.size = int(size)
			if !l.tooLong {
				l.text = buf[:size]
			}
			f(l)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// Append adds line, and a newline, at the end of the history file at path,
// which it creates if need be, in one write, and waits for the disk. A
// write that fails (a full disk) is undone: the file is cut back to where
// it ended, so that no torn line is left by a failure this program sees.
// A crash in the middle of the write can tear this line, never an earlier
// one; and if the file does not end with a newline (a line torn by such a
// crash), Append begins with one, so that the torn line stays the only
// one damaged. The file must be a regular file, or a link to one: a link
// is written through.
func Append(path string, line []byte) error {
	if bytes.ContainsAny(line, "\n\r") {
		return fmt.Errorf("appending to %s: a line of the history holds no newline", path)
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "append", Path: path, Err: errors.New("not a regular file")}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	err = appendTo(f, line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		err = pe.Err // the path is in the message already
	}
	if err != nil {
		return fmt.Errorf("appending to %s: %w", path, err)
	}
	return nil
}

// appendable is the file Append writes: an *os.File opened to append.
type appendable interface {
	Stat() (fs.FileInfo, error)
	ReadAt(p []byte, off int64) (int, error)
	Write(p []byte) (int, error)
	Truncate(size int64) error
	Sync() error
}

// appendTo appends line and a newline to f, after a newline if f does not
// end with one, and waits for the disk. If the write fails, f is cut back
// to its size before it.
func appendTo(f appendable, line []byte) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	size := fi.Size()
	out := make([]byte, 0, len(line)+2)
	if size > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, size-1); err != nil {
			return err
		}
		if last[0] != '\n' {
			out = append(out, '\n')
		}
	}
	out = append(append(out, line...), '\n')
	if _, err := f.Write(out); err != nil {
		if terr := f.Truncate(size); terr != nil {
			return fmt.Errorf("%w; and the part written could not be taken back: %v", err, terr)
		}
		return err
	}
	return f.Sync()
}

// Separate copies each line of r, with its newline, to keep, or to aside
// if set says so of its number (from 1): the history without its damaged
// lines, and the damaged lines kept for the player. It streams: a line is
// never held in memory whole.
func Separate(r io.Reader, keep, aside io.Writer, set func(line int) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		w := keep
		if set(n) {
			w = aside
		}
		chunk, err := br.ReadSlice('\n')
		for errors.Is(err, bufio.ErrBufferFull) {
			if _, werr := w.Write(chunk); werr != nil {
				return werr
			}
			chunk, err = br.ReadSlice('\n')
		}
		if len(chunk) > 0 {
			if _, werr := w.Write(chunk); werr != nil {
				return werr
			}
			if chunk[len(chunk)-1] != '\n' { // the last line, torn
				if _, werr := w.Write([]byte("\n")); werr != nil {
					return werr
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
