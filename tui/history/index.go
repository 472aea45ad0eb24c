package history

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"time"

	"github.com/term2048/2048/engine"
)

// An Index is what the statistics need of a history file: the record of
// each game, without its moves, the earlier games and the lines skipped.
// It also says how much of the file it covers — up to the end of its last
// whole line — and the checksum (CRC-32C) of those bytes, so that an index
// kept from an earlier start (see MarshalBinary) is used only for a file that
// still begins with the very bytes it was made from.
//
// Reading a history of 20,000 games of a thousand moves takes seconds, most
// of it to replay every move; checking an index against the file takes
// milliseconds, and only the lines added since are read.
type Index struct {
	Records []Record    // the games, in the order of the file: the oldest first
	Earlier []Earlier   // as in Log
	Skipped []LineError // the lines that were not read, and why

	size      int64  // the bytes of the file covered: up to the newline of line lines
	lines     int    // the number of lines covered
	sum       uint32 // the CRC-32C of the bytes covered
	earlierAt []int  // the line of each of Earlier
}

// EarlierGames returns the earlier games of every line of them together.
func (x *Index) EarlierGames() Earlier { return sumEarlier(x.Earlier) }

// Scan returns the index of the history file f. The part of the file that
// old, the index of an earlier Scan or nil, covers is not read again if its
// bytes are unchanged, as their checksum tells: only the lines after it are
// read (and replayed). If the bytes changed, the whole file is read. The
// error is f's: an index of what was read before it is returned with it.
func Scan(f io.ReadSeeker, old *Index) (*Index, error) {
	x := &Index{}
	same := false
	if old != nil && old.size > 0 {
		var err error
		if same, err = coveredBy(f, old); err != nil {
			return x, err
		}
	}
	if same {
		x = old.covered() // and f is at its end
	} else if _, err := f.Seek(0, io.SeekStart); err != nil {
		return x, err
	}
	lines := newLineReader(f, x.lines, x.size)
	lines.sum = x.sum
	err := lines.each(func(l line) {
		e, err := l.decode()
		switch {
		case err != nil:
			x.Skipped = append(x.Skipped, LineError{l.n, err})
		case e.Game != nil:
			x.Records = append(x.Records, e.Game.Record)
		case e.Earlier != nil:
			x.Earlier = append(x.Earlier, *e.Earlier)
			x.earlierAt = append(x.earlierAt, l.n)
		}
	})
	// A torn last line stays out of the part covered: the next line
	// appended ends it, and it is read again.
	x.size, x.lines, x.sum = lines.whole, lines.n, lines.sum
	if lines.pos > lines.whole {
		x.lines--
	}
	return x, err
}

// Same reports whether x covers the same part of the same file as old: if
// not, it is worth keeping in its place.
func (x *Index) Same(old *Index) bool {
	return old != nil && x.size == old.size && x.sum == old.sum && x.lines == old.lines
}

// coveredBy reports whether f, read from its start, begins with the bytes
// x covers; f is then at their end.
func coveredBy(f io.ReadSeeker, x *Index) (bool, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false, err
	}
	h := crc32.New(castagnoli)
	// In large reads: a history of tens of megabytes is read at every start.
	n, err := io.CopyBuffer(h, io.LimitReader(f, x.size), make([]byte, 1<<20))
	if err != nil {
		return false, err
	}
	return n == x.size && h.Sum32() == x.sum, nil
}

// covered returns a copy of x without what it holds of a torn last line,
// beyond the part of the file it covers: the next append ends that line,
// and it is read again.
func (x *Index) covered() *Index {
	c := *x
	c.Records = slices.DeleteFunc(slices.Clone(x.Records), func(r Record) bool { return r.at.offset >= x.size })
	c.Earlier, c.earlierAt = nil, nil
	for i, e := range x.Earlier {
		if x.earlierAt[i] <= x.lines {
			c.Earlier, c.earlierAt = append(c.Earlier, e), append(c.earlierAt, x.earlierAt[i])
		}
	}
	c.Skipped = slices.DeleteFunc(slices.Clone(x.Skipped), func(e LineError) bool { return e.Line > x.lines })
	return &c
}

// ReadGame reads the game of r whole from the history file f that r's
// index was made from. It fails if r was not read from a file, or if its
// line no longer holds its game (the file changed since).
func ReadGame(f io.ReaderAt, r Record) (Game, error) {
	if r.at.size == 0 {
		return Game{}, errors.New("the game was not read from the history file")
	}
	buf := make([]byte, r.at.size)
	if _, err := f.ReadAt(buf, r.at.offset); err != nil {
		return Game{}, fmt.Errorf("reading the game at byte %d: %w", r.at.offset, err)
	}
	e, err := Decode(buf)
	if err != nil {
		return Game{}, fmt.Errorf("the history changed since it was read: %w", err)
	}
	g := e.Game
	if g == nil || g.ID != r.ID || g.Board != r.Board || g.Score != r.Score || g.MoveCount != r.MoveCount {
		return Game{}, errors.New("the history changed since it was read: another game is where this one was")
	}
	g.at = r.at
	return *g, nil
}

// indexMagic begins the encoding of an Index.
const indexMagic = "2048 history index\n"

// indexVersion is the version of the encoding of an Index: one of another
// version is not decoded, and the index is made again.
const indexVersion = 5

// indexFile is an Index as MarshalBinary encodes it, in gob after
// indexMagic and the CRC-32C of the gob.
type indexFile struct {
	Version   int
	Size      int64
	Lines     int
	Sum       uint32
	Records   []recordFile
	Earlier   []Earlier
	EarlierAt []int
	Skipped   []skippedFile
}

// recordFile is a Record in an indexFile.
type recordFile struct {
	ID                 string
	Board              uint64
	Score, Peak        int
	MoveCount, Undos   int
	Hinted, Autoplayed bool
	SetUp              bool
	Daily              string
	Race               string
	Played             time.Duration
	Ended              []byte // time.Time's binary form: the instant and its zone offset
	Offset             int64
	Size               int
}

// skippedFile is a LineError in an indexFile.
type skippedFile struct {
	Line  int
	Err   string
	Newer bool // it wraps ErrNewer
}

// MarshalBinary encodes x to be kept until the next start, when
// UnmarshalBinary decodes it.
func (x *Index) MarshalBinary() ([]byte, error) {
	j := indexFile{Version: indexVersion, Size: x.size, Lines: x.lines, Sum: x.sum, Earlier: x.Earlier, EarlierAt: x.earlierAt}
	for _, r := range x.Records {
		ended, err := r.Ended.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("encoding the index of the history: %w", err)
		}
		j.Records = append(j.Records, recordFile{ID: r.ID, Board: uint64(r.Board),
			Score: r.Score, Peak: r.Peak, MoveCount: r.MoveCount, Undos: r.Undos, SetUp: r.SetUp, Daily: r.Daily, Race: r.Race, Hinted: r.Hinted, Autoplayed: r.Autoplayed, Played: r.Played,
			Ended: ended, Offset: r.at.offset, Size: r.at.size})
	}
	for _, e := range x.Skipped {
		j.Skipped = append(j.Skipped, skippedFile{Line: e.Line, Err: e.Err.Error(), Newer: !e.Damaged()})
	}
	var body bytes.Buffer
	if err := gob.NewEncoder(&body).Encode(&j); err != nil {
		return nil, fmt.Errorf("encoding the index of the history: %w", err)
	}
	out := binary.LittleEndian.AppendUint32([]byte(indexMagic), crc32.Checksum(body.Bytes(), castagnoli))
	return append(out, body.Bytes()...), nil
}

// MaxIndex bounds the encoding of an index: that of a million games takes
// about 75 MB.
const MaxIndex = 256 << 20

// UnmarshalBinary decodes an index MarshalBinary encoded into x. It fails
// on anything else — another version, damaged data — and x is then to be
// made again by a Scan of the whole history.
func (x *Index) UnmarshalBinary(data []byte) error {
	switch {
	case len(data) > MaxIndex:
		return fmt.Errorf("an index of more than %d MB", MaxIndex>>20)
	case len(data) < len(indexMagic)+4 || string(data[:len(indexMagic)]) != indexMagic:
		return errors.New("not an index of the history")
	}
	body := data[len(indexMagic)+4:]
	if binary.LittleEndian.Uint32(data[len(indexMagic):]) != crc32.Checksum(body, castagnoli) {
		return errors.New("the index is damaged")
	}
	var j indexFile
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&j); err != nil {
		return fmt.Errorf("the index does not decode: %w", err)
	}
	if j.Version != indexVersion {
		return fmt.Errorf("an index of version %d; this program reads version %d", j.Version, indexVersion)
	}
	if j.Size < 0 || j.Lines < 0 || len(j.EarlierAt) != len(j.Earlier) {
		return errors.New("the index is damaged")
	}
	y := Index{size: j.Size, lines: j.Lines, sum: j.Sum, Earlier: j.Earlier, earlierAt: j.EarlierAt}
	y.Records = make([]Record, len(j.Records))
	for i, f := range j.Records {
		r := Record{ID: f.ID, Board: engine.Board(f.Board), Score: f.Score,
			Peak: f.Peak, MoveCount: f.MoveCount, Undos: f.Undos, SetUp: f.SetUp, Daily: f.Daily, Race: f.Race, Hinted: f.Hinted, Autoplayed: f.Autoplayed, Played: f.Played,
			at: place{offset: f.Offset, size: f.Size}}
		if err := r.Ended.UnmarshalBinary(f.Ended); err != nil {
			return fmt.Errorf("the index is damaged: %w", err)
		}
		if r.at.offset < 0 || r.at.size <= 0 || r.at.offset+int64(r.at.size) > j.Size {
			return errors.New("the index is damaged: a game outside the part of the file it covers")
		}
		y.Records[i] = r
	}
	for _, s := range j.Skipped {
		err := errors.New(s.Err)
		if s.Newer {
			err = newerError{s.Err}
		}
		y.Skipped = append(y.Skipped, LineError{Line: s.Line, Err: err})
	}
	*x = y
	return nil
}

// newerError is the error of a line written by a newer version, read back
// from an index: its text as when the line was read, and ErrNewer.
type newerError struct{ text string }

func (e newerError) Error() string { return e.text }
func (e newerError) Unwrap() error { return ErrNewer }
