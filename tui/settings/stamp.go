package settings

import "os"

// This file tells whether the preferences file has changed since it was
// read, so that a game can take a change the player made in an editor. A
// look costs a stat; the file is read again only when it changed.

// A Stamp tells whether a file has changed: its size and the time it was
// last written, or that there is no file. The zero Stamp is no file.
type Stamp struct {
	exists   bool
	size     int64
	modified int64 // nanoseconds since 1970
}

// StampOf returns the stamp of the file at path as it is now.
func StampOf(path string) Stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return Stamp{}
	}
	return Stamp{true, fi.Size(), fi.ModTime().UnixNano()}
}

// Stamp returns the stamp of p's file as it was just before p read it: a
// change made while it was read is seen by the next look.
func (p *Prefs) Stamp() Stamp { return p.stamp }

// LoadIfChanged returns the preferences read again from the file at path
// if its stamp is no longer since, else nil. It reads the disk: a game calls
// it from a command, off the screen's goroutine.
func LoadIfChanged(path string, since Stamp) *Prefs {
	if StampOf(path) == since {
		return nil
	}
	return Load(path)
}

// Path returns the preferences file's path; "" when there is none: the
// defaults, kept nowhere, or preferences kept elsewhere than in a file
// (see Where), which the player changes in the game alone, and which no
// game watches.
func (p *Prefs) Path() string {
	if p == nil || p.file == nil {
		return ""
	}
	return p.file.Path()
}

// Where names where the preferences are kept, for the messages to the
// player: the file's path, or words such as "your settings on this
// server" (prefs.Storage.Name); "" for the defaults, kept nowhere.
func (p *Prefs) Where() string {
	if p == nil || p.file == nil {
		return ""
	}
	return p.file.Name()
}

// Broken returns why the file could not be read or parsed, if it could
// not: nothing is then written to it.
func (p *Prefs) Broken() error {
	if p == nil || p.file == nil {
		return nil
	}
	return p.file.Broken()
}

// Merged returns read, the preferences read again from p's file, with the
// problems added to p since p was read (the command's about the evaluator
// the file names), while the file's evaluator is the one they were about.
func (p *Prefs) Merged(read *Prefs) *Prefs {
	if read.Eval == p.Eval && read.Weights == p.Weights {
		read.Problems = append(read.Problems, p.Problems[p.read:]...)
	}
	return read
}

// DropEvalProblems drops the problems added to p since it was read, which
// are about the evaluator the file names: the game has opened one since.
func (p *Prefs) DropEvalProblems() {
	if p != nil {
		p.Problems = p.Problems[:p.read]
	}
}
