package playerdata

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/history"
)

// HistoryPath returns where the history of finished games is:
// history.jsonl in DataDir (see package history).
func (s *Files) HistoryPath() string { return filepath.Join(s.DataDir, "history.jsonl") }

// damagedPath is where damaged lines of the history are kept.
func (s *Files) damagedPath() string { return s.HistoryPath() + ".damaged" }

// indexPath is where the index of the history is kept (see
// history.Index): history.index in CacheDir.
func (s *Files) indexPath() string { return filepath.Join(s.CacheDir, "history.index") }

// LoadHistory reads the index of the history of finished games: empty
// with no file. The index kept from the last start is used for the part of
// the file it still matches, and kept again if the file grew or changed;
// an index that cannot be read or written is made again, at the cost of
// reading every game.
//
// A damaged line is skipped and moved, whole, to history.jsonl.damaged
// (after the lines moved there before), so that the player is told once
// and nothing is lost; a line of a newer version is skipped and left in
// place. The notes say what was skipped and where it went. A file that
// cannot be read at all gives an *UnreadableError: it is left as it is,
// and the game appends nothing to it in that session (it could not tell
// whether a game is in it already).
func (s *Files) LoadHistory() (*history.Index, []string, error) {
	path := s.HistoryPath()
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &history.Index{}, nil, nil
	}
	if err != nil {
		return &history.Index{}, nil, &UnreadableError{Path: path, Err: err}
	}
	old := s.loadIndex()
	x, err := history.Scan(f, old)
	f.Close()
	if err != nil {
		return x, nil, &UnreadableError{Path: path, Err: err}
	}
	var notes []string
	damaged := map[int]bool{}
	for _, e := range x.Skipped {
		if e.Damaged() {
			damaged[e.Line] = true
		} else {
			notes = append(notes, fmt.Sprintf("%s %v: the game of that line is not counted, and it is left as it is.", path, e))
		}
	}
	if len(damaged) > 0 {
		notes = append(notes, s.setAside(damaged, x.Skipped)...)
	} else if !x.Same(old) {
		s.keepIndex(x) // with damaged lines, the file is about to change
	}
	return x, notes, nil
}

// loadIndex reads the index kept from the last start, or returns nil if
// there is none that can be read.
func (s *Files) loadIndex() *history.Index {
	if s.CacheDir == "" {
		return nil
	}
	data, err := regularfile.ReadFile(s.indexPath(), history.MaxIndex)
	if err != nil {
		return nil
	}
	var x history.Index
	if x.UnmarshalBinary(data) != nil {
		return nil
	}
	return &x
}

// keepIndex writes x to be used at the next start. It is only a saving of
// time: if it cannot be written, the next start reads the whole history.
func (s *Files) keepIndex(x *history.Index) {
	if s.CacheDir == "" || os.MkdirAll(s.CacheDir, 0o755) != nil {
		return
	}
	if data, err := x.MarshalBinary(); err == nil {
		atomicfile.WriteFile(s.indexPath(), data, 0o644, false)
	}
}

// ReadGame reads the game of r whole, with its moves, from the history.
func (s *Files) ReadGame(r history.Record) (history.Game, error) {
	f, err := regularfile.Open(s.HistoryPath())
	if err != nil {
		return history.Game{}, err
	}
	defer f.Close()
	g, err := history.ReadGame(f, r)
	if err != nil {
		return history.Game{}, fmt.Errorf("%s: %w", s.HistoryPath(), err)
	}
	return g, nil
}

// setAside moves the damaged lines of the history to damagedPath and
// rewrites the history without them, atomically; it returns what the
// player must be told. If anything fails, the history stays as it was,
// and the lines are skipped again next time.
func (s *Files) setAside(damaged map[int]bool, skipped []history.LineError) []string {
	path := s.HistoryPath()
	var notes []string
	for _, e := range skipped {
		if damaged[e.Line] {
			notes = append(notes, fmt.Sprintf("%s %v: the game of that line is not counted.", path, e))
		}
	}
	err := s.separate(damaged)
	if err != nil {
		return append(notes, "The damaged lines could not be moved aside ("+err.Error()+"): they stay, and are skipped.")
	}
	return append(notes, fmt.Sprintf("The damaged lines were moved to %s.", s.damagedPath()))
}

// separate rewrites the history without the lines in damaged, which it
// appends to damagedPath first.
func (s *Files) separate(damaged map[int]bool) error {
	in, err := regularfile.Open(s.HistoryPath())
	if err != nil {
		return err
	}
	defer in.Close()
	if fi, err := os.Stat(s.damagedPath()); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: %w", s.damagedPath(), regularfile.ErrNotRegular)
	}
	aside, err := os.OpenFile(s.damagedPath(), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer aside.Close()
	out, err := atomicfile.Create(s.HistoryPath(), 0o644)
	if err != nil {
		return err
	}
	if err := history.Separate(in, out, aside, func(n int) bool { return damaged[n] }); err != nil {
		out.Abort()
		return err
	}
	if err := aside.Sync(); err != nil {
		out.Abort()
		return err
	}
	return out.Commit(true)
}

// AppendHistory adds a finished game to the history, waiting for the disk
// (see history.Append).
func (s *Files) AppendHistory(g history.Game) error {
	line, err := json.Marshal(g)
	if err != nil {
		return err
	}
	return s.appendLine(line)
}

// appendLine adds a line to the history, creating its directory if need
// be.
func (s *Files) appendLine(line []byte) error {
	if err := os.MkdirAll(s.DataDir, 0o755); err != nil {
		return fmt.Errorf("recording the game: %w", err)
	}
	if err := history.Append(s.HistoryPath(), line); err != nil {
		return fmt.Errorf("recording the game: %w", err)
	}
	return nil
}

// UnrecordedPath returns where the games left while the history could not
// be written wait for it: unrecorded.jsonl in StateDir, in lines of the
// history's form.
func (s *Files) UnrecordedPath() string { return filepath.Join(s.StateDir, "unrecorded.jsonl") }

// LoadUnrecorded reads the games that wait to be written to the history:
// none without a file. Damaged says whether a line of the file could not be
// read: the file must then be left as it is (see SetUnrecorded), and the
// notes say which. A file that cannot be read at all gives an
// *UnreadableError.
func (s *Files) LoadUnrecorded() (games []history.Game, damaged bool, notes []string, err error) {
	path := s.UnrecordedPath()
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil, nil
	}
	if err != nil {
		return nil, false, nil, &UnreadableError{Path: path, Err: err}
	}
	defer f.Close()
	log, err := history.Read(f)
	if err != nil {
		return nil, false, nil, &UnreadableError{Path: path, Err: err}
	}
	for _, e := range log.Skipped {
		notes = append(notes, fmt.Sprintf("%s %v: that game is not counted, and the file is left as it is.", path, e))
	}
	return log.Games, len(log.Skipped) > 0, notes, nil
}

// AddUnrecorded keeps g, a game left whose line could not be written to the
// history, in UnrecordedPath until it can be, waiting for the disk.
func (s *Files) AddUnrecorded(g history.Game) error {
	line, err := json.Marshal(g)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.StateDir, 0o755); err != nil {
		return fmt.Errorf("keeping the game: %w", err)
	}
	if err := history.Append(s.UnrecordedPath(), line); err != nil {
		if fi, serr := os.Stat(s.UnrecordedPath()); serr == nil && fi.Size() == 0 {
			os.Remove(s.UnrecordedPath()) // made by this failed append: it holds nothing
		}
		return fmt.Errorf("keeping the game: %w", err)
	}
	return nil
}

// SetUnrecorded leaves in UnrecordedPath only games, those still not in the
// history, atomically; with none, it removes the file.
func (s *Files) SetUnrecorded(games []history.Game) error {
	path := s.UnrecordedPath()
	if len(games) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	var data []byte
	for _, g := range games {
		line, err := json.Marshal(g)
		if err != nil {
			return err
		}
		data = append(append(data, line...), '\n')
	}
	return atomicfile.WriteFile(path, data, 0o644, true)
}

// MigrateStats carries the statistics of earlier versions of the game
// (stats.json) into the history, as the line of its earlier games, and
// renames stats.json to stats.json.migrated: from then on the history is
// the one record, and the statistics are worked out from it. It does
// nothing without a stats.json, and one that cannot be read is moved aside
// or kept as LoadStats says, with the error.
//
// adjust returns the counts less the game in progress, if stats.json
// counted it already: it will have a line of its own when it is left. If
// log already holds these very counts (a crash between the two steps),
// they are not added twice. It returns the counts carried.
func (s *Files) MigrateStats(log *history.Index, adjust func(history.Earlier) history.Earlier) (history.Earlier, error) {
	if _, err := os.Lstat(s.statsPath()); errors.Is(err, fs.ErrNotExist) {
		return history.Earlier{}, nil
	}
	st, err := s.loadStats()
	if err != nil {
		return history.Earlier{}, err
	}
	e := adjust(history.Earlier{GamesPlayed: st.GamesPlayed, GamesWon: st.GamesWon, GamesHinted: st.GamesHinted,
		GamesAutoplayed: st.GamesAutoplayed, BestScore: st.BestScore, HighestTile: st.HighestTile})
	if !slices.Contains(log.Earlier, e) {
		line, err := history.EncodeEarlier(e)
		if err != nil {
			return history.Earlier{}, err
		}
		if err := s.appendLine(line); err != nil {
			return history.Earlier{}, err
		}
		log.Earlier = append(log.Earlier, e)
	}
	to, ok := UnusedName(s.statsPath() + ".migrated")
	if !ok {
		return e, fmt.Errorf("%s is in the history now, but could not be renamed: no free name", s.statsPath())
	}
	if err := os.Rename(s.statsPath(), to); err != nil {
		return e, fmt.Errorf("%s is in the history now, but could not be renamed: %w", s.statsPath(), err)
	}
	return e, nil
}
