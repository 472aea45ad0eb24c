// Package atomicfile writes files whole or not at all. The data goes to a
// temporary file in the same directory, which is renamed over the file only
// once it is complete: a reader never sees half a file, and a crash, a full
// disk or a failed write leaves the old file as it was.
//
// The game's saves and the commands' output files are all written this way.
// The standard library has no such writer, and the maintained one
// (github.com/google/renameio) does not build on Windows, where the game
// does; hence this small package.
//
// A temporary file is named after its file, hidden: ".game.json.tmp-123456"
// for "game.json". [RemoveStale] removes those a killed writer left behind.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// tempInfix sits between the name of the file and the random part of the
// name of its temporary file.
const tempInfix = ".tmp-"

// A File is a file being written. Its data goes to a temporary file until
// Commit gives it its name; Abort, or a failed Commit, removes it and leaves
// the old file, if any, untouched. A File is for one goroutine.
type File struct {
	path string // where the data goes: the target of a symbolic link, if the name was one
	tmp  *os.File
	perm fs.FileMode
	done bool // committed or aborted
}

// Create starts writing the file at path. A new file gets the permissions
// perm; an existing one keeps its own. If path is a symbolic link, the file
// it points to is the one written, and the link stays.
//
// Create fails at once, before any data is written, if path is a directory
// or another file that is not a regular file, or if its directory cannot
// take a new file: a long job that writes its results at the end can
// create its files first and fail early. The error is then a
// *fs.PathError for path, whose Err says why.
func Create(path string, perm fs.FileMode) (*File, error) {
	target, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(target); err == nil {
		switch {
		case fi.IsDir():
			return nil, &fs.PathError{Op: "write", Path: path, Err: errIsDir}
		case !fi.Mode().IsRegular():
			return nil, &fs.PathError{Op: "write", Path: path, Err: errNotRegular}
		}
		perm = fi.Mode().Perm()
	}
	dir, base := filepath.Split(target)
	tmp, err := os.CreateTemp(dir, "."+base+tempInfix+"*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary file's name would only puzzle
		}
		return nil, &fs.PathError{Op: "write", Path: path, Err: err}
	}
	return &File{path: target, tmp: tmp, perm: perm}, nil
}

var (
	errIsDir      = errors.New("is a directory")
	errNotRegular = errors.New("not a regular file")
)

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.tmp.Write(p) }

// Name returns the name of the file the data will have once committed.
func (f *File) Name() string { return f.path }

// Commit gives the data its name, replacing the old file. With sync it also
// waits until the data and the new name are on the disk, so that even a
// crash of the machine keeps one or the other whole; without, a crash of the
// machine (not of the program) may lose the last write.
func (f *File) Commit(sync bool) error {
	if f.done {
		return fmt.Errorf("writing %s: already committed or aborted", f.path)
	}
	f.done = true
	err := f.tmp.Chmod(f.perm)
	if errors.Is(err, errors.ErrUnsupported) {
		err = nil // a file system without modes
	}
	if err == nil && sync {
		err = f.tmp.Sync()
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.tmp.Name())
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	if sync {
		syncDir(filepath.Dir(f.path))
	}
	return nil
}

// Abort removes the temporary file and leaves the old file as it was. It
// does nothing on a nil File or one already committed or aborted, so that
// it can be deferred right after Create.
func (f *File) Abort() {
	if f == nil || f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// WriteFile writes data to the file at path atomically, as Create, Write and
// Commit do.
func WriteFile(path string, data []byte, perm fs.FileMode, sync bool) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Commit(sync)
}

// RemoveStale removes the temporary files in dir that were last written more
// than age ago: those of writers killed before they could commit or abort.
// The age spares the files of a writer at work in another process. It
// returns the names of the files removed.
func RemoveStale(dir string, age time.Duration) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cleaning %s: %w", dir, err)
	}
	var removed []string
	for _, e := range entries {
		if !IsTemp(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || time.Since(info.ModTime()) < age {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.Remove(path); err == nil {
			removed = append(removed, path)
		}
	}
	return removed, nil
}

// IsTemp reports whether name is the name of a temporary file of this
// package.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, tempInfix)
}

// maxLinks is how many symbolic links resolve follows, as Linux does.
const maxLinks = 40

// resolve follows path through symbolic links to the file they name, which
// need not exist yet.
func resolve(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil // a file, or none yet: write it
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
	return "", &fs.PathError{Op: "write", Path: path, Err: errors.New("too many symbolic links")}
}

// syncDir waits until the entries of dir are on the disk. Some systems
// cannot sync a directory; the file itself is synced already.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
