package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A pendingFile is an output file being written. Its content goes to a
// temporary file in the same directory, which commit renames to the final
// name: readers never see half a file, and an aborted run leaves the old
// file, if any, as it was. Creating it early makes a bad path fail before a
// long run rather than after.
type pendingFile struct {
	flag string // the flag that named the file, for messages
	path string
	f    *os.File
	done bool // committed or aborted
}

// createPending starts writing the file at path, named by flag. An empty
// path asks for no file: it returns nil, which abort accepts.
func createPending(flag, path string) (*pendingFile, error) {
	if path == "" {
		return nil, nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s %s: is a directory", flag, path)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s %s: cannot create a file in %s: %w", flag, path, dir, err)
	}
	return &pendingFile{flag: flag, path: path, f: f}, nil
}

// Write writes to the temporary file.
func (p *pendingFile) Write(b []byte) (int, error) { return p.f.Write(b) }

// commit closes the temporary file and gives it its final name.
func (p *pendingFile) commit() error {
	p.done = true
	err := p.f.Chmod(0o644)
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(p.f.Name(), p.path)
	}
	if err != nil {
		os.Remove(p.f.Name())
		return fmt.Errorf("%s %s: %w", p.flag, p.path, err)
	}
	return nil
}

// abort closes and removes the temporary file, unless there is none or it
// was committed or aborted already.
func (p *pendingFile) abort() {
	if p == nil || p.done {
		return
	}
	p.done = true
	p.f.Close()
	os.Remove(p.f.Name())
}
