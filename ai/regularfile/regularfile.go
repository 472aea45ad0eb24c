// Package regularfile opens files for reading only if they are regular
// files. A named pipe given where a file is expected would block the
// program until a writer comes, a terminal until a line is typed, and
// /dev/zero would never end; a directory fails later with a puzzling
// message. Each is refused at once here, with an error that says what the
// path is, and without reading it.
//
// It sits under ai, the lowest layer that reads a file by its path (the
// weights files of the learned evaluator), so that the AI, the game, the
// server and the commands open theirs the same way. It imports nothing of
// the project.
package regularfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is the error, within a *fs.PathError, of a path that names
// something other than a regular file: errors.Is(err, ErrNotRegular) holds
// whatever the error says the path is.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is the error, within a *fs.PathError, of ReadFile for a file
// larger than its limit.
var ErrTooLarge = errors.New("file too large")

// Open opens the file at path for reading if it is a regular file, or a
// symbolic link to one. Anything else is refused without blocking, with a
// *fs.PathError whose Err says what the path is and satisfies
// errors.Is(err, ErrNotRegular); a loop of symbolic links fails as the
// system says. The file is checked again once open, so that one replaced
// by a named pipe in between is refused too.
func Open(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(path, fi); err != nil {
		return nil, err // not opened: opening a device may have effects of its own
	}
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = check(path, fi)
	}
	if err == nil {
		err = setBlocking(f)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads the file at path, as os.ReadFile does, if Open accepts it
// and it holds at most limit bytes; a larger file is an error satisfying
// errors.Is(err, ErrTooLarge), and no more than limit+1 bytes are read of
// it.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Read into a buffer of the file's size, as os.ReadFile does, rather
	// than one grown step by step.
	size := int64(512)
	if fi, err := f.Stat(); err == nil {
		size = min(max(fi.Size(), size), limit) + 1
	}
	buf := bytes.NewBuffer(make([]byte, 0, size))
	_, err = buf.ReadFrom(io.LimitReader(f, limit+1))
	data := buf.Bytes()
	if err != nil {
		return nil, err // a *fs.PathError naming the file
	}
	if int64(len(data)) > limit {
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrTooLarge}
	}
	return data, nil
}

// check returns the error of Open for the file at path described by fi,
// or nil if it is a regular file.
func check(path string, fi fs.FileInfo) error {
	if fi.Mode().IsRegular() {
		return nil
	}
	var err error
	switch mode := fi.Mode(); {
	case mode.IsDir():
		err = fmt.Errorf("a directory, %w", ErrNotRegular)
	case mode&fs.ModeNamedPipe != 0:
		err = fmt.Errorf("a named pipe, %w", ErrNotRegular)
	case mode&fs.ModeSocket != 0:
		err = fmt.Errorf("a socket, %w", ErrNotRegular)
	case mode&fs.ModeDevice != 0:
		err = fmt.Errorf("a device, %w", ErrNotRegular)
	default:
		err = ErrNotRegular
	}
	return &fs.PathError{Op: "open", Path: path, Err: err}
}
