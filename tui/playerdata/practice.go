package playerdata

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/practice/deck"
)

// PracticePath returns the file of the player's practice: practice.dat in
// DataDir.
func (s *Files) PracticePath() string { return filepath.Join(s.DataDir, "practice.dat") }

// LoadPractice reads the player's practice: an empty deck, and no error,
// if none is kept. A file that does not decode is moved aside and the
// error is a *CorruptError saying where, with an empty deck in its place;
// a file that cannot be read, or of a newer version, is left as it is, and
// the error, an *UnreadableError, comes with no deck: the practice must
// then not be saved.
//
// It reads nothing the model holds, and may run in a command.
func (s *Files) LoadPractice() (*deck.Deck, error) {
	path := s.PracticePath()
	data, err := regularfile.ReadFile(path, maxFileSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &deck.Deck{}, nil
	case errors.Is(err, regularfile.ErrTooLarge):
		return &deck.Deck{}, moveAside(path, errTooLarge, time.Now())
	case err != nil:
		return nil, &UnreadableError{Path: path, Err: unwrapPath(err)}
	}
	d, err := deck.Decode(data)
	if errors.Is(err, deck.ErrNewer) {
		return nil, &UnreadableError{Path: path, Err: err}
	}
	if err != nil {
		return &deck.Deck{}, moveAside(path, err, time.Now())
	}
	return d, nil
}

// SavePractice keeps d as the player's practice, atomically, in place of
// the one kept.
//
// It reads nothing the model holds, and may run in a command.
func (s *Files) SavePractice(d *deck.Deck) error {
	data, err := deck.Encode(d)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.DataDir, 0o755); err != nil {
		return fmt.Errorf("saving the practice: %w", err)
	}
	if err := atomicfile.WriteFile(s.PracticePath(), data, 0o644, false); err != nil {
		return fmt.Errorf("saving the practice: %w", err)
	}
	return nil
}

// unwrapPath returns the error of a *fs.PathError, whose path an
// *UnreadableError says already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
