package settings

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/term2048/2048/tui/prefs"
)

// This file writes the settings the player changes in the game to the
// preferences file. A write is a disk's work, so a game does it in a
// command and hears back (Bubble Tea's Update does no I/O); Writes keeps
// those commands one at a time and in order, so that two quick changes
// never land out of order, and Flush does what is left when the game ends.

// A Write is a setting changed in the game, to be written to the
// preferences file. It is done at most once: Do may be called by the
// command that does it and again at the end of the game, whichever comes
// first doing it and the other waiting for it.
type Write struct {
	Name  string // the setting, as the file names it
	Value any    // as the file takes it: a string, an int64 or a bool

	file *prefs.File
	once sync.Once
	err  error
}

// Change returns the write that keeps the setting name, changed in the game
// to value, in p's file: nil without a file (the defaults, kept nowhere). A
// file that could not be read or parsed is never written: the error says
// so, at once. p itself takes the value once the write is done (see Wrote).
func (p *Prefs) Change(name string, value any) (*Write, error) {
	if p == nil || p.file == nil {
		return nil, nil
	}
	if err := p.file.Broken(); err != nil {
		return nil, fmt.Errorf("%s not written: %w", p.file.Name(), err)
	}
	return &Write{Name: name, Value: value, file: p.file}, nil
}

// Do writes w to the file, in place, the player's comments kept, unless it
// was done already; it returns the error of the write. It may be called
// from any goroutine, but the writes of one file go one at a time (see
// Writes).
func (w *Write) Do() error {
	w.once.Do(func() { w.err = w.file.Set(w.Name, w.Value) })
	return w.err
}

// Wrote notes in p that w, whose Do has returned, is in the file: p then says what the file
// says, so that reading the file again finds no change to put to use (and
// the next look at it does read it again, for a problem the new value may
// have put right). A write that failed changes nothing.
func (p *Prefs) Wrote(w *Write) {
	if w.err != nil || w.file != p.file {
		return
	}
	for _, s := range settings {
		if s.name == w.Name {
			_ = s.apply(p, w.Value) // the game writes only values its settings take
		}
	}
}

// Writes keeps the writes of a game in order: one is done at a time, the
// others wait their turn, and a setting changed again while its write
// waits is written once, at its last value. Its methods are for one
// goroutine, the game's Update; only Write.Do runs elsewhere. The zero
// Writes has no write.
type Writes struct {
	running *Write   // the write under way; nil if none
	waiting []*Write // in the order asked
	seq     uint64   // how many writes were asked for or done
}

// Add asks for w. It returns w if it is to be done now, no write being
// under way; else nil, and w waits its turn (see Done). A nil w asks for
// nothing.
func (q *Writes) Add(w *Write) *Write {
	if w == nil {
		return nil
	}
	q.seq++
	if q.running == nil {
		q.running = w
		return w
	}
	if i := slices.IndexFunc(q.waiting, func(o *Write) bool { return o.Name == w.Name && o.file == w.file }); i >= 0 {
		q.waiting[i] = w
		return nil
	}
	q.waiting = append(q.waiting, w)
	return nil
}

// Done notes that w, the write under way, is done, and returns the next
// write to do, or nil if none waits.
func (q *Writes) Done(w *Write) *Write {
	if w != q.running {
		return nil
	}
	q.seq++
	q.running = nil
	if len(q.waiting) == 0 {
		return nil
	}
	q.running, q.waiting = q.waiting[0], q.waiting[1:]
	return q.running
}

// Idle reports whether no write is under way or waiting.
func (q *Writes) Idle() bool { return q.running == nil }

// Seq changes whenever a write is asked for or done. A look at the file is
// to be believed only if Idle held and Seq was the same when it was asked
// for and when it came back: otherwise it may have read the file before
// the game's own write, and would undo the player's change.
func (q *Writes) Seq() uint64 { return q.seq }

// Flush does the writes not yet done, in order, for the end of a game: the
// one under way first, waiting for its command if that runs it, or doing it
// if the command never ran; then those waiting. It returns their errors.
func (q *Writes) Flush() error {
	var errs []error
	for w := q.running; w != nil; w = q.Done(w) {
		errs = append(errs, w.Do())
	}
	return errors.Join(errs...)
}
