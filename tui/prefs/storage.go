package prefs

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
)

// A Storage keeps the text of the preferences: a file the player edits
// (Path), or a record of a server's database, which its player edits
// through the game alone. Its methods do I/O: a game calls them off its
// screen's goroutine.
type Storage interface {
	// Read returns the text kept; an error that wraps fs.ErrNotExist when
	// none is.
	Read() ([]byte, error)
	// Write keeps text in place of the text kept, whole or not at all.
	Write(text []byte) error
	// Name names the text in the messages to the player: a file's path,
	// or words such as "your settings on this server".
	Name() string
}

// Path is the preferences file at a path: read if it is a regular file of
// at most 1 MB, written atomically (package atomicfile), its directory
// made if need be.
type Path string

var _ Storage = Path("")

// maxSize bounds the file read: a preferences file is a few kilobytes.
const maxSize = 1 << 20

// Read reads the file.
func (p Path) Read() ([]byte, error) {
	text, err := regularfile.ReadFile(string(p), maxSize)
	if errors.Is(err, regularfile.ErrTooLarge) {
		return nil, fmt.Errorf("%s: larger than %d kB", p, maxSize>>10)
	}
	return text, err
}

// Write replaces the file by one of text, atomically, synced to the disk.
func (p Path) Write(text []byte) error {
	if err := os.MkdirAll(filepath.Dir(string(p)), 0o755); err != nil {
		return fmt.Errorf("writing %s: %w", p, err)
	}
	return atomicfile.WriteFile(string(p), text, 0o644, true)
}

// Name returns the path.
func (p Path) Name() string { return string(p) }

// read reads the text s keeps, without the byte order mark an editor may
// have put at its start (TOML has none): it is written back without it.
func read(s Storage) ([]byte, error) {
	text, err := s.Read()
	if err != nil {
		return nil, err
	}
	if text == nil {
		text = []byte{} // some text, none of it: not the nil of no text
	}
	return bytes.TrimPrefix(text, []byte("\uFEFF")), nil
}
