//go:build serve

package serve

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/prefs"
	"github.com/term2048/2048/tui/serve/ledger"
)

// Servers of earlier versions kept a player's history (data/history.jsonl),
// the games waiting for it (state/unrecorded.jsonl), the reviews of their
// games (data/reviews/) and their preferences (config/config.toml) in the
// player's files. They are imported once, at the player's first login, in
// one transaction that marks the player's files imported
// (ledger.DB.Import); only then are the files renamed, each with
// importedSuffix. A server that dies in between imported everything or
// nothing: at the next login it imports the files again, or, if the ledger
// says they were imported, only renames them. Nothing of them is lost:
// what could not be imported stays in the files renamed, and the player
// is told. Until then the player's preferences are read from their
// config.toml (see ledgerPrefs).

// importFiles imports the player's files, if they were not imported
// already, and renames those left, and returns what the player must be
// told. A file that cannot be read at all gives an error, and nothing is
// imported nor renamed: fixing the cause brings it back at the next login.
func (p *ledgerPlayer) importFiles() ([]string, error) {
	done, err := p.db.Imported(p.player)
	if err != nil {
		return nil, err
	}
	var notes []string
	if !done {
		var f ledger.Files
		f, notes, err = p.readFiles()
		if err != nil {
			return notes, err
		}
		imported, refused, err := p.db.Import(p.player, f)
		if err != nil {
			return notes, err
		}
		if imported && p.log != nil && len(f.History)+len(f.Unrecorded)+len(f.Reviews) > 0 {
			p.log.Info("player's files imported", "lines", len(f.History), "unrecorded", len(f.Unrecorded), "reviews", len(f.Reviews))
		}
		for _, err := range refused {
			if p.log != nil {
				p.log.Warn("game not ranked", "err", err)
			}
		}
	}
	for _, path := range []string{p.files.HistoryPath(), p.files.UnrecordedPath(), p.files.ReviewsDir(), p.files.PrefsPath()} {
		if err := renameImported(path); err != nil && p.log != nil {
			p.log.Warn("an imported file not renamed", "err", err) // the ledger says it is imported: renamed at the next login
		}
	}
	return notes, nil
}

// readFiles reads what the player's files hold, as a server of an earlier
// version left them, and what the player must be told of what could not be
// read: a damaged line of the history, or of the games that waited for it,
// is not imported, and stays in the file renamed; a review that cannot be
// read is not imported (it is worked out again from its game). A history,
// a file of the games that wait for it, or preferences, that cannot be
// read at all give an error. Preferences that do not parse are imported as
// they are, as the game read them before (it writes nothing over them).
func (p *ledgerPlayer) readFiles() (ledger.Files, []string, error) {
	var f ledger.Files
	var notes []string
	var err error
	if f.History, notes, err = readHistoryFile(p.files.HistoryPath()); err != nil {
		return f, notes, err
	}
	games, damaged, more, err := p.files.LoadUnrecorded()
	notes = append(notes, more...)
	if err != nil {
		return f, notes, err
	}
	if damaged {
		notes = append(notes, fmt.Sprintf("Those lines were not imported: they are kept in %s%s.", p.files.UnrecordedPath(), importedSuffix))
	}
	f.Unrecorded = games
	f.Reviews = p.readReviews()
	text, err := prefs.Path(p.files.PrefsPath()).Read()
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return f, notes, &playerdata.UnreadableError{Path: p.files.PrefsPath(), Err: err}
	}
	f.Prefs = text
	return f, notes, nil
}

// readHistoryFile returns the lines of the history file at path, none if
// there is none: those that decode, and those of a newer version, kept as
// they are. A damaged line is left out, and the notes say so.
func readHistoryFile(path string) ([][]byte, []string, error) {
	file, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, &playerdata.UnreadableError{Path: path, Err: err}
	}
	defer file.Close()
	lines := bufio.NewScanner(file)
	lines.Buffer(nil, history.MaxLine+1)
	var kept [][]byte
	var notes []string
	for n := 1; lines.Scan(); n++ {
		line := lines.Bytes()
		if len(strings.TrimSpace(string(line))) == 0 {
			continue
		}
		if _, err := history.Decode(line); err != nil && !errors.Is(err, history.ErrNewer) {
			notes = append(notes, fmt.Sprintf("%s line %d: %v: the game of that line is not counted, and not imported; it is kept in %s%s.",
				path, n, err, path, importedSuffix))
			continue
		}
		kept = append(kept, append([]byte(nil), line...))
	}
	if err := lines.Err(); err != nil {
		return nil, nil, &playerdata.UnreadableError{Path: path, Err: err}
	}
	return kept, notes, nil
}

// maxReview bounds the file of a review that is imported, as a local game
// bounds the files it reads (playerdata.Files).
const maxReview = 8 << 20

// readReviews returns the reviews of the player's files, by the names of
// their files; one that cannot be read is left out, and logged.
func (p *ledgerPlayer) readReviews() map[string][]byte {
	dir := p.files.ReviewsDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && p.log != nil {
			p.log.Warn("reviews not imported", "err", err)
		}
		return nil
	}
	reviews := map[string][]byte{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") || !e.Type().IsRegular() {
			continue // a temporary file left by a writer killed, or not the store's
		}
		data, err := regularfile.ReadFile(filepath.Join(dir, e.Name()), maxReview)
		if err != nil {
			if p.log != nil {
				p.log.Warn("a review not imported", "err", err)
			}
			continue
		}
		reviews[e.Name()] = data
	}
	return reviews
}

// renameImported renames the file or directory at path, imported, to its
// name and importedSuffix, or, if something has that name, to the first of
// name-2, name-3, … that nothing has (see playerdata.UnusedName); with
// nothing at path, it does nothing.
func renameImported(path string) error {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	to, ok := playerdata.UnusedName(path + importedSuffix)
	if !ok {
		return fmt.Errorf("%s: no free name to rename it to", path)
	}
	return os.Rename(path, to)
}
