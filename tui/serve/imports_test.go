//go:build serve

package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/serve/ledger"
	"github.com/term2048/2048/tui/settings"
)

// An earlierPlayer is the data of a player as a server of the version
// before the ledger kept the histories left it: files in the player's
// directory, written by the code that server wrote them with
// (playerdata.Files), and the games it ranked in the ledger.
type earlierPlayer struct {
	files    *playerdata.Files
	before   map[string][]byte // the bytes of each file, by path
	games    []history.Game    // the games of the history and those waiting, as the player left them
	reviewed review.Game       // the game of the review kept
	searches []ai.Result       // its searches
	saved    playerdata.SavedGame
}

// reviewSetting is the setting of the review kept: shallow, and the same
// on every machine, so that it is kept.
var reviewSetting = review.Setting{Depth: 2}

// finishedGame returns the line of the history of the game of seed after
// n moves.
func finishedGame(seed uint64, n int) history.Game {
	g := history.FromEngine(gameOf(seed, n).Game, nil)
	g.ID, g.Ended = fmt.Sprintf("%016x", 0x100+seed), time.Date(2026, 11, 20, 9, 0, int(seed), 0, time.UTC)
	return g
}

// earlierPrefs are the preferences of the player of an earlier server, in
// their config.toml: a setting the game wrote, a comment of the player's.
const earlierPrefs = "# set by hand, before the server kept them\ntheme = 'dark'\ncoach = true # the marks\n"

// writeEarlierPlayer writes the files of a player, with directory dir, as
// a server of the earlier version left them, and ranks in db what it
// ranked: a history of three games, a line torn by a crash between the
// second and the third, the third not ranked (its ranking failed); a game
// that waited for the history, and one whose line reached the history
// after its wait, with the file of the games waiting not yet rewritten; a
// review; a game in progress; and their preferences.
func writeEarlierPlayer(t *testing.T, dir string, db *ledger.DB, fingerprint string) *earlierPlayer {
	t.Helper()
	files := &playerdata.Files{Shown: dir, StateDir: filepath.Join(dir, "state"), DataDir: filepath.Join(dir, "data"),
		ConfigDir: filepath.Join(dir, "config"), CacheDir: filepath.Join(dir, "cache")}
	p := &earlierPlayer{files: files, before: map[string][]byte{}}
	g1, g2, g3, waiting := finishedGame(1, 30), finishedGame(2, 50), finishedGame(3, 20), finishedGame(4, 40)
	for _, g := range []history.Game{g1, g2} {
		if err := files.AppendHistory(g); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Record(fingerprint, g); err != nil {
			t.Fatal(err)
		}
	}
	torn, err := os.OpenFile(files.HistoryPath(), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	torn.WriteString(`{"version":1,"id":"00000000000000ff","seed":`)
	torn.Close()
	for _, g := range []history.Game{g3, waiting} {
		if err := files.AddUnrecorded(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := files.AppendHistory(g3); err != nil { // its wait over, the file of those waiting not rewritten
		t.Fatal(err)
	}
	p.games = []history.Game{g1, g2, g3, waiting}

	p.reviewed = g2.Review()
	rev, err := review.Run(context.Background(), p.reviewed, review.Options{Setting: reviewSetting, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rev.Moves[:10] {
		p.searches = append(p.searches, m.Search)
	}
	if err := files.SaveReview(p.reviewed, reviewSetting, p.searches); err != nil {
		t.Fatal(err)
	}
	p.saved = gameOf(5, 12)
	if err := files.SaveGame(p.saved, true); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(files.ConfigDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(files.PrefsPath(), []byte(earlierPrefs), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range p.paths() {
		if data, err := os.ReadFile(path); err == nil {
			p.before[path] = data
		}
	}
	return p
}

// paths returns the paths of the player's files the import takes, and of
// the review.
func (p *earlierPlayer) paths() []string {
	entries, _ := os.ReadDir(p.files.ReviewsDir())
	paths := []string{p.files.HistoryPath(), p.files.UnrecordedPath(), p.files.PrefsPath()}
	for _, e := range entries {
		paths = append(paths, filepath.Join(p.files.ReviewsDir(), e.Name()))
	}
	return paths
}

// checkImported checks that data, the data of the player of p in the
// ledger, holds every game of the player once, in the order they were
// left, ranked, whole; the review; the game in progress; and the
// preferences, byte for byte, in the ledger.
func (p *earlierPlayer) checkImported(t *testing.T, data *ledgerPlayer) {
	t.Helper()
	x, _, err := data.LoadHistory()
	if err != nil {
		t.Fatalf("LoadHistory = %v", err)
	}
	var ids []string
	for _, r := range x.Records {
		ids = append(ids, r.ID)
	}
	var want []string
	for _, g := range p.games {
		want = append(want, g.ID)
	}
	if !slices.Equal(ids, want) {
		t.Fatalf("the history imported: %q; want %q, each once", ids, want)
	}
	for i, r := range x.Records {
		g, err := data.ReadGame(r)
		if err != nil || len(g.Moves) != p.games[i].MoveCount {
			t.Errorf("ReadGame(%s) = %d moves, %v; want %d", r.ID, len(g.Moves), err, p.games[i].MoveCount)
		}
		if _, err := data.db.Replay(data.player, r.ID); err != nil {
			t.Errorf("game %s is not ranked: %v", r.ID, err)
		}
	}
	if known, err := data.LoadReview(p.reviewed, reviewSetting); err != nil || len(known) != len(p.searches) || known[9].Board != p.searches[9].Board {
		t.Errorf("LoadReview = %d searches, %v; want the %d kept", len(known), err, len(p.searches))
	}
	if g, err := data.LoadGame(); err != nil || !same(g, p.saved) {
		t.Errorf("LoadGame = %+v, %v; want the game of game.json", g, err)
	}
	if text, ok, err := data.db.LoadPrefs(data.player); err != nil || !ok || string(text) != earlierPrefs {
		t.Errorf("the preferences in the ledger: %q, %v, %v; want those of config.toml", text, ok, err)
	}
	if prefs := settings.LoadFrom(data.Prefs()); prefs.Theme.Name != "dark" || !prefs.Coach || len(prefs.Problems) != 0 {
		t.Errorf("the preferences of the game: theme %s, coach %v, problems %q; want those of config.toml", prefs.Theme.Name, prefs.Coach, prefs.Problems)
	}
}

// checkRenamed checks that the files imported are renamed, each as it was.
func (p *earlierPlayer) checkRenamed(t *testing.T) {
	t.Helper()
	for path, data := range p.before {
		if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there (%v); want it renamed", path, err)
		}
		renamed := path + importedSuffix
		if dir := p.files.ReviewsDir(); filepath.Dir(path) == dir {
			renamed = filepath.Join(dir+importedSuffix, filepath.Base(path))
		}
		if kept, err := os.ReadFile(renamed); err != nil || !bytes.Equal(kept, data) {
			t.Errorf("%s: %d bytes, %v; want the %d of %s", renamed, len(kept), err, len(data), path)
		}
	}
}

// fingerprint is the key of the player of an earlier server in the tests
// of the import.
const fingerprint = "SHA256:earlier"

// earlierServer returns the ledger of a server, open and closed when t
// ends, and the player of an earlier server who left their files in its
// directory (see writeEarlierPlayer).
func earlierServer(t *testing.T) (*ledger.DB, *earlierPlayer) {
	t.Helper()
	dir := t.TempDir()
	db, err := openLedger(dir, filepath.Join(dir, ledgerFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, writeEarlierPlayer(t, filepath.Join(dir, "players", "earlier"), db, fingerprint)
}

// TestImportEarlierServer: a player of a server of the earlier version
// logs in to this one; every game of their files is in the ledger once,
// ranked, with their review and their game in progress, the files renamed
// as they were, and the player told of the torn line; at the next login
// nothing changes.
func TestImportEarlierServer(t *testing.T) {
	db, p := earlierServer(t)

	first := &ledgerPlayer{files: p.files, db: db, player: fingerprint}
	// The preferences are read at the login before the import: those of
	// config.toml, not yet in the ledger.
	if text, err := first.Prefs().Read(); err != nil || string(text) != earlierPrefs {
		t.Errorf("the preferences before the import: %q, %v; want those of config.toml", text, err)
	}
	_, notes, err := first.LoadHistory()
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.Contains(first.ForPlayer(notes[0]), "data/history.jsonl line 3:") ||
		!strings.Contains(first.ForPlayer(notes[0]), "kept in data/history.jsonl.imported") {
		t.Errorf("the notes of the import: %q; want the torn line, and where it is kept", notes)
	}
	p.checkImported(t, first)
	first.SaveGame(p.saved, true) // the game's first save renames game.json
	p.checkRenamed(t)
	if _, err := os.Stat(p.files.GamePath() + importedSuffix); err != nil {
		t.Errorf("game.json not renamed: %v", err)
	}

	next := &ledgerPlayer{files: p.files, db: db, player: fingerprint}
	if _, notes, err := next.LoadHistory(); err != nil || len(notes) != 0 {
		t.Errorf("LoadHistory at the next login: %q, %v; want nothing to say", notes, err)
	}
	p.checkImported(t, next)

	// A game left on this server comes after them, read with the index
	// kept at the login before.
	left := finishedGame(9, 25)
	if err := next.AppendHistory(left); err != nil {
		t.Fatal(err)
	}
	p.games = append(p.games, left)
	p.checkImported(t, &ledgerPlayer{files: p.files, db: db, player: fingerprint})
}

// TestImportInterrupted: a server that dies in the middle of an import
// has imported everything or nothing. Before the commit, the files are as
// they were, and the next login imports them; after it, before the files
// are all renamed, the next login renames the rest and imports nothing
// twice.
func TestImportInterrupted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ledgerFile)
	db, err := openLedger(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	const fingerprint = "SHA256:earlier"
	p := writeEarlierPlayer(t, filepath.Join(dir, "players", "earlier"), db, fingerprint)

	// Before the commit: the ledger fails, as on a full disk.
	db.Close()
	failed := &ledgerPlayer{files: p.files, db: db, player: fingerprint}
	if _, _, err := failed.LoadHistory(); err == nil {
		t.Fatal("LoadHistory with the ledger closed: no error")
	}
	for path, data := range p.before {
		if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, data) {
			t.Errorf("%s after a failed import: %v; want it as it was", path, err)
		}
	}

	// After the commit, one file renamed of four.
	if db, err = openLedger(dir, path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cut := &ledgerPlayer{files: p.files, db: db, player: fingerprint}
	f, _, err := cut.readFiles()
	if err != nil {
		t.Fatal(err)
	}
	if imported, _, err := db.Import(fingerprint, f); err != nil || !imported {
		t.Fatalf("Import = %v, %v", imported, err)
	}
	if err := renameImported(p.files.HistoryPath()); err != nil {
		t.Fatal(err)
	}
	again := &ledgerPlayer{files: p.files, db: db, player: fingerprint}
	p.checkImported(t, again)
	p.checkRenamed(t)
}

// BenchmarkLoadHistory reads the index of a history of 1000 games of 200
// moves from the ledger, as each login does: with the index kept at the
// login before, no game is replayed (the first read, which keeps it,
// replays them all).
func BenchmarkLoadHistory(b *testing.B) {
	p, _ := testSaves(b)
	for i := range 1000 {
		g := finishedGame(uint64(i+1), 200)
		g.ID = fmt.Sprintf("%016x", i+1)
		if _, err := p.db.Record(p.player, g); err != nil { // the ranking's replay is the cost measured below; no sync
			b.Fatal(err)
		}
		if refused, err := p.db.AppendHistory(p.player, g); err != nil || refused != nil {
			b.Fatal(err, refused)
		}
	}
	for b.Loop() {
		x, _, err := p.LoadHistory()
		if err != nil || len(x.Records) != 1000 {
			b.Fatal(len(x.Records), err)
		}
	}
}

// TestImportAfterAPrefsChange: a setting changed in a session before the
// player's files were imported (an import that failed: a history that
// could not be read) is kept in the ledger, over the config.toml it was
// read from, which the import then leaves as the ledger has it: the
// change, and the player's comments.
func TestImportAfterAPrefsChange(t *testing.T) {
	db, p := earlierServer(t)
	data := &ledgerPlayer{files: p.files, db: db, player: fingerprint}
	prefs := settings.LoadFrom(data.Prefs())
	w, err := prefs.Change("theme", "plain")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Do(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := data.LoadHistory(); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(earlierPrefs, "'dark'", "'plain'", 1)
	if text, err := data.Prefs().Read(); err != nil || string(text) != want {
		t.Errorf("the preferences after the import: %q, %v; want %q, the change kept", text, err, want)
	}
	p.checkRenamed(t)
}
