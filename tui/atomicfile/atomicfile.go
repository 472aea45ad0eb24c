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
// for "game.json". Its writer holds a lock on it (see package filelock) from
// a moment after creating it until it is renamed or removed, and the system
// releases that lock when the writer's process ends, however it ends: so
// [RemoveStale] can tell the temporary file of a writer killed half-way from
// that of a writer at work, in this process or another, and removes only
// the first.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/term2048/2048/tui/filelock"
)

// tempInfix sits between the name of the file and the random part of the
// name of its temporary file.
const tempInfix = ".tmp-"

// renamesOpenFiles says whether the system renames and removes a file that
// is open. Windows does not (Go opens files there without
// FILE_SHARE_DELETE): there a writer lets go of its lock just before the
// rename or the removal, a moment in which RemoveStale's age keeps the file.
const renamesOpenFiles = runtime.GOOS != "windows"

// A File is a file being written. Its data goes to a temporary file until
// Commit gives it its name; Abort, or a failed Commit, removes it and leaves
// the old file, if any, untouched. A File is for one goroutine.
type File struct {
	path string   // where the data goes: the target of a symbolic link, if the name was one
	tmp  *os.File // the temporary file, written
	// lock is the temporary file opened a second time, which holds its
	// lock until the rename, after the data is closed (a close can report
	// a failed write); nil where the system has no file locks.
	lock     *os.File
	mode     fs.FileMode // the mode of the file replaced
	keepMode bool        // a file is replaced: the new one gets its mode
	done     bool        // committed or aborted
}

// Create starts writing the file at path. A new file gets the permissions
// perm less the process's umask, as os.OpenFile gives them; an existing one
// keeps its own. If path is a symbolic link, the file it points to is the
// one written, and the link stays.
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
	f := &File{path: target}
	if fi, err := os.Stat(target); err == nil {
		switch {
		case fi.IsDir():
			return nil, &fs.PathError{Op: "write", Path: path, Err: errIsDir}
		case !fi.Mode().IsRegular():
			return nil, &fs.PathError{Op: "write", Path: path, Err: errNotRegular}
		}
		f.mode, f.keepMode = fi.Mode().Perm(), true
		perm = 0o600 // while written; Commit gives it the file's mode whole
	}
	dir, base := filepath.Split(target)
	f.tmp, err = createTemp(dir, "."+base+tempInfix, perm)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary file's name would only puzzle
		}
		return nil, &fs.PathError{Op: "write", Path: path, Err: err}
	}
	f.lock = lockFile(f.tmp.Name())
	return f, nil
}

// createTemp creates a new file in dir, named prefix and a random number,
// as os.CreateTemp does, but with the permissions perm less the umask, as
// the system gives them to any new file: os.CreateTemp gives 0600, and a
// Chmod after it could only ignore the umask (asking the process's umask
// is a race with every other goroutine that creates a file).
func createTemp(dir, prefix string, perm fs.FileMode) (*os.File, error) {
	for range 10000 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, prefix+"*"), Err: fs.ErrExist}
}

// lockFile opens the file at path, which this process has just created,
// and locks it; it returns nil where the system has no file locks, and the
// file is written unlocked. A RemoveStale that is looking at the file right
// then holds the lock for a moment: lockFile waits for it.
func lockFile(path string) *os.File {
	l, err := filelock.OpenFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil
	}
	if err := filelock.Lock(l); err != nil {
		l.Close()
		return nil
	}
	return l
}

// unlock closes the second opening of the temporary file, which lets go of
// its lock.
func (f *File) unlock() {
	if f.lock != nil {
		f.lock.Close()
		f.lock = nil
	}
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
// machine (not of the program) may lose the last write. The temporary file
// stays locked until it has its name, however long the sync takes.
func (f *File) Commit(sync bool) error {
	if f.done {
		return fmt.Errorf("writing %s: already committed or aborted", f.path)
	}
	f.done = true
	var err error
	if f.keepMode {
		err = f.tmp.Chmod(f.mode)
		if errors.Is(err, errors.ErrUnsupported) {
			err = nil // a file system without modes
		}
	}
	if err == nil && sync {
		err = f.tmp.Sync()
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if !renamesOpenFiles {
			f.unlock()
		}
		err = os.Rename(f.tmp.Name(), f.path)
	}
	if err != nil {
		f.removeTemp()
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	f.unlock()
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
	f.removeTemp()
}

// removeTemp removes the temporary file, closed, then lets go of its lock.
func (f *File) removeTemp() {
	if !renamesOpenFiles {
		f.unlock()
	}
	os.Remove(f.tmp.Name())
	f.unlock()
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

// unlockedAge is how old a temporary file that no one holds must be for
// RemoveStale to remove it. Its writer locks it a moment after creating it,
// microseconds, and on Windows lets go of it a moment before renaming it;
// a minute spares a writer that the system paused right then.
const unlockedAge = time.Minute

// RemoveStale removes the temporary files in dir whose writers are gone:
// killed before they could commit or abort. A temporary file is removed
// only if no writer, in this process or another, holds its lock, and it was
// last written more than a minute ago (see unlockedAge). Where the system
// has no file locks, none is removed: nothing can tell.
//
// Only the temporary files of the files whose names owned accepts are
// looked at ("game.json" for ".game.json.tmp-123456"): a directory may hold
// the files of other programs, and theirs are not the caller's to judge.
// RemoveStale returns the paths of the files it removed.
func RemoveStale(dir string, owned func(name string) bool) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cleaning %s: %w", dir, err)
	}
	var removed []string
	for _, e := range entries {
		name, ok := fileOf(e.Name())
		if !ok || !e.Type().IsRegular() || !owned(name) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if abandoned(path, time.Now()) && os.Remove(path) == nil {
			removed = append(removed, path)
		}
	}
	return removed, nil
}

// abandoned reports whether the temporary file at path has no writer: it
// is older than unlockedAge at now and its lock is free. It takes the lock
// for a moment to know, and lets it go.
func abandoned(path string, now time.Time) bool {
	fi, err := os.Lstat(path)
	if err != nil || now.Sub(fi.ModTime()) < unlockedAge {
		return false // fresh: perhaps not locked yet, and not worth a look
	}
	f, err := filelock.OpenFile(path, os.O_RDONLY, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(fi, opened) {
		return false // replaced since
	}
	free, err := filelock.TryLock(f)
	return err == nil && free
}

// IsTemp reports whether name is the name of a temporary file of this
// package.
func IsTemp(name string) bool {
	_, ok := fileOf(name)
	return ok
}

// fileOf returns the name of the file whose temporary file is named temp,
// and whether temp is the name of a temporary file at all.
func fileOf(temp string) (name string, ok bool) {
	i := strings.LastIndex(temp, tempInfix)
	if !strings.HasPrefix(temp, ".") || i < 1 {
		return "", false
	}
	return temp[1:i], true
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
