// Package gamefile reads a game to review from any of the files that hold
// one: a line of the history of finished games, a game the game saved, the
// output of 2048 sim -json or one of its games, or a game as the engine
// encodes it. The kinds are told apart by their top-level fields.
package gamefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/playerdata"
)

// MaxSize bounds what is read of a file: a game of 20,000 moves takes
// about 20 KB, so anything this large is not a game.
const MaxSize = 16 << 20

// A File is a game read from a file for review, with what the file says
// about it: what the file is (Source, like "a saved game" or "a game of
// 2048 sim (greedy)"), the game's score and highest tile, and what the
// reader must know about the file (Note), if anything: that the AI played
// moves it does not mark, say.
type File struct {
	review.About
}

// A gameFormat is a kind of file that holds a game. The formats are told
// apart by their top-level fields: is says whether a file with those fields
// is of this kind, and read reads the game from it. Reading a new kind of
// file is one more entry in gameFormats.
type gameFormat struct {
	name string // for the message when a file is none of the kinds
	is   func(fields map[string]json.RawMessage) bool
	read func(data []byte) (File, error)
}

// gameFormats are the kinds of files review reads.
var gameFormats = []gameFormat{
	{"a line of the history of finished games (history.jsonl)", hasFields("version", "game", "ended"), readHistoryLine},
	{"a game the game saved (game.json)", hasFields("version", "game"), readSavedGame},
	{"the JSON of 2048 sim -games 1 -json", hasFields("config", "games"), readSimRun},
	{`a game of 2048 sim -json (one line of its "games")`, hasFields("game", "max_tile"), readSimGame},
	{`a game as the engine encodes it ({"seed", "moves", "board", "score"})`, hasFields("seed", "moves", "board"), readEngineGame},
}

// Parse reads a game from the contents of a file of one of the kinds it
// knows, skipping the byte order mark that Windows editors (Notepad, and
// PowerShell's redirections) put at the start of a file and that JSON
// forbids. A file of none of them, or one whose game does not load or
// does not replay, is an error that says what is wrong with it.
func Parse(data []byte) (File, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return File{}, fmt.Errorf("not a game: %v", jsonProblem(data, err))
	}
	for _, f := range gameFormats {
		if f.is(fields) {
			return f.read(data)
		}
	}
	var names []string
	for _, f := range gameFormats {
		names = append(names, f.name)
	}
	return File{}, fmt.Errorf("not a game: a JSON object without the fields of any game review reads:\n\t%s",
		strings.Join(names, "\n\t"))
}

// jsonProblem says why data is not one JSON object.
func jsonProblem(data []byte, err error) string {
	if len(bytes.TrimSpace(data)) == 0 {
		return "the file is empty"
	}
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return fmt.Sprintf("not JSON (%v at byte %d)", err, syntax.Offset)
	}
	return fmt.Sprintf("not a JSON object (%v)", err)
}

// hasFields returns whether a file has every one of names at its top level.
func hasFields(names ...string) func(map[string]json.RawMessage) bool {
	return func(fields map[string]json.RawMessage) bool {
		return !slices.ContainsFunc(names, func(n string) bool { _, ok := fields[n]; return !ok })
	}
}

// fromEngine returns the File of e, by says who made its moves (nil:
// the player).
func fromEngine(e *engine.Game, by review.Movers, source string) File {
	return File{review.About{Game: review.Game{Transcript: e.Transcript(), By: by}, Source: source, Score: e.Score(), Tile: e.HighestTile()}}
}

// readSavedGame reads the game in progress that the game saved.
func readSavedGame(data []byte) (File, error) {
	s, err := playerdata.DecodeSavedGame(data)
	if err != nil {
		return File{}, fmt.Errorf("a saved game that does not load: %w", err)
	}
	if s.By != nil && len(s.By) != s.Game.MoveCount() {
		return File{}, fmt.Errorf("a saved game of %d moves that says who made %d", s.Game.MoveCount(), len(s.By))
	}
	g := fromEngine(s.Game, s.By, "a saved game")
	if s.By == nil && s.Game.MoveCount() > 0 && (s.Autoplayed || s.Hinted) {
		g.Note = "the AI played or hinted some of these moves, but the file does not say which: all count as the player's"
	}
	return g, nil
}

// readHistoryLine reads a line of the history of finished games, which
// replays and checks its game (history.Game).
func readHistoryLine(data []byte) (File, error) {
	var h history.Game
	if err := json.Unmarshal(data, &h); err != nil {
		return File{}, fmt.Errorf("a line of the history that does not load: %w", err)
	}
	g := File{review.About{Game: h.Review(), Source: "a game of the history, of " + h.Ended.Format("2006-01-02 15:04"),
		Score: h.Score, Tile: h.HighestTile()}}
	if h.By == nil && len(h.Moves) > 0 && (h.Autoplayed || h.Hinted) {
		g.Note = "the AI played or hinted some of these moves, but the line does not say which: all count as the player's"
	}
	return g, nil
}

// readSimRun reads the one game of the output of 2048 sim -json.
func readSimRun(data []byte) (File, error) {
	var doc sim.Document
	if err := json.Unmarshal(data, &doc); err != nil {
		return File{}, fmt.Errorf("the output of 2048 sim -json that does not load: %w", err)
	}
	run := doc.Runs[0] // a document of one run: it has "config" (see gameFormats)
	if n := len(run.Games); n != 1 {
		return File{}, fmt.Errorf("the output of 2048 sim -json with %d games: review takes one (2048 sim -games 1 -seed S -json)", n)
	}
	return simGameFile(run.Games[0], run.Config.Player.String())
}

// readSimGame reads one game of 2048 sim -json.
func readSimGame(data []byte) (File, error) {
	var g sim.Game
	if err := json.Unmarshal(data, &g); err != nil {
		return File{}, fmt.Errorf("a game of 2048 sim that does not load: %w", err)
	}
	return simGameFile(g, "")
}

// simGameFile returns the game file of a game sim played; label names the
// player, if known.
func simGameFile(g sim.Game, label string) (File, error) {
	e, err := g.Replay()
	if err != nil {
		return File{}, fmt.Errorf("a game of 2048 sim that does not replay: %w", err)
	}
	source := "a game of 2048 sim"
	if label != "" {
		source += " (" + label + ")"
	}
	return fromEngine(e, nil, source), nil
}

// readEngineGame reads a game as engine.Game encodes it.
func readEngineGame(data []byte) (File, error) {
	var e engine.Game
	if err := json.Unmarshal(data, &e); err != nil {
		return File{}, fmt.Errorf("a game that does not load: %w", err)
	}
	return fromEngine(&e, nil, "a game"), nil
}
