// Package reviewcache encodes the reviews of the player's games as the
// game keeps them beside its history, so that the replay of a game
// reviewed before opens reviewed at once: a cache of the AI's searches.
//
// A review at a fixed depth is a function of its game and its setting, so
// what is kept is the AI's search of each position — the value of each
// legal move and the best one — and the moves are judged again from them
// when read (review.Run with Options.Known), which takes microseconds and
// follows the thresholds of the program that reads them. A review searched
// for a time a move depends on the machine, and is not kept.
//
// A game's review is kept in a file of its own (FileName), named after the
// game's seed and start, and holds the moves it reviewed: a game that goes
// on from them, such as a game in progress reviewed again a few moves later,
// takes the searches of the positions it shares with them, and only the
// positions after those are searched. A review kept is a cache: anything
// that is not exactly what Encode wrote — a file cut short, a byte changed,
// a search that does not fit the position its moves lead to — fails Decode
// and is never taken; the game then reviews the game again and writes the
// file anew.
//
// The package does no I/O: the game reads and writes the files.
package reviewcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// Version is the version of the files this package writes.
const Version = 1

// ErrDamaged says that a file is not a review as Encode writes it.
var ErrDamaged = errors.New("damaged")

// fileJSON is a review in its file:
//
//	{"version":1,"seed":7,"setting":"depth 5","depth":5,"moves":"DLDR…",
//	 "best":"ULDD…","values":[[1598234.5,1597110.25,null,1598001],…],
//	 "checksum":"…"}
//
// "moves" are the moves reviewed, as the game's file writes them; "best" is
// the AI's move on the board before each, and "values" the value of each
// direction there (up, down, left, right), null where the direction cannot
// move. "checksum" is the SHA-256, in hex, of the file as written with an
// empty checksum.
type fileJSON struct {
	Version  int                              `json:"version"`
	Seed     uint64                           `json:"seed"`
	Start    string                           `json:"start,omitempty"` // the start board, if the game was set up
	Setting  string                           `json:"setting"`         // review.Setting.String()
	Depth    int                              `json:"depth"`           // the plies of every search
	Moves    string                           `json:"moves"`
	Best     string                           `json:"best"`
	Values   [][engine.NumDirections]*float64 `json:"values"`
	Checksum string                           `json:"checksum"`
}

// FileName returns the name of the file that keeps the review of g:
// its seed, and its start board in hex if it was set up from one
// ("1234.json", "1234-0000000000001021.json").
func FileName(g review.Game) string {
	if g.Start == 0 {
		return fmt.Sprintf("%d.json", g.Seed)
	}
	return fmt.Sprintf("%d-%016x.json", g.Seed, uint64(g.Start))
}

// Kept reports whether a review at s is kept: one at a fixed depth, the
// same on every machine, with the default heuristic. A review with another
// evaluator is not: a file names the setting, not which network scored it,
// and a network's review of a whole game takes a second or two.
func Kept(s review.Setting) bool { return s.Deterministic() && s.Depth != ai.Auto && s.Eval == nil }

// depthOf returns the plies of every search of a review at s, which Kept.
func depthOf(s review.Setting) int {
	if s.Depth == 0 {
		return review.DefaultDepth
	}
	return s.Depth
}

// Encode returns the file that keeps searches, the AI's searches at s of
// the positions before the first len(searches) moves of g, in order. It
// fails if s is not Kept, or if a search is not of the position it stands
// for: a file that would not decode is never written.
func Encode(g review.Game, s review.Setting, searches []ai.Result) ([]byte, error) {
	if !Kept(s) {
		return nil, fmt.Errorf("a review at %v is not kept: only one at a fixed depth is the same on every machine", s)
	}
	if len(searches) > len(g.Moves) {
		return nil, fmt.Errorf("%d searches for a game of %d moves", len(searches), len(g.Moves))
	}
	moves := g.Moves[:len(searches)]
	boards, err := positions(g.Seed, g.Start, moves)
	if err != nil {
		return nil, err
	}
	f := fileJSON{Version: Version, Seed: g.Seed, Setting: s.String(), Depth: depthOf(s),
		Values: make([][engine.NumDirections]*float64, len(searches))}
	if g.Start != 0 {
		f.Start = g.Start.String()
	}
	letters, best := make([]byte, len(moves)), make([]byte, len(moves))
	for i, r := range searches {
		if err := fits(r, boards[i]); err != nil {
			return nil, fmt.Errorf("the search of move %d: %w", i+1, err)
		}
		letters[i], best[i] = moves[i].Letter(), r.Best.Letter()
		for d, legal := range r.Legal {
			if legal {
				f.Values[i][d] = &r.Value[d]
			}
		}
	}
	f.Moves, f.Best = string(letters), string(best)
	return f.withChecksum()
}

// withChecksum returns the encoding of f with its checksum.
func (f fileJSON) withChecksum() ([]byte, error) {
	f.Checksum = ""
	body, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	f.Checksum = hex.EncodeToString(sum[:])
	return json.Marshal(f)
}

// Decode returns the searches that data, a file Encode wrote, keeps for
// the first positions of g at s: those of the positions g reaches by the
// moves it shares with the review, from the first. It returns none, and
// no error, for a review at another setting: the game then reviews again.
// A file that is not exactly what Encode wrote, or is not of g's seed and
// start, fails with an error wrapping ErrDamaged, and nothing of it is
// taken.
func Decode(data []byte, g review.Game, s review.Setting) ([]ai.Result, error) {
	var f fileJSON
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	if f.Version != Version {
		return nil, fmt.Errorf("%w: version %d; this program reads version %d", ErrDamaged, f.Version, Version)
	}
	want, err := f.withChecksum()
	if err != nil || !bytes.Equal(bytes.TrimSpace(data), want) {
		return nil, fmt.Errorf("%w: the checksum does not match", ErrDamaged)
	}
	start := ""
	if g.Start != 0 {
		start = g.Start.String()
	}
	if f.Seed != g.Seed || f.Start != start {
		return nil, fmt.Errorf("%w: a review of another game (seed %d, start %q)", ErrDamaged, f.Seed, f.Start)
	}
	if f.Setting != s.String() || !Kept(s) {
		return nil, nil
	}
	searches, err := f.searches()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	return searches[:shared(f.Moves, g.Moves, len(searches))], nil
}

// searches returns the searches f keeps, each checked against the board its
// moves lead to.
func (f *fileJSON) searches() ([]ai.Result, error) {
	if len(f.Best) != len(f.Moves) || len(f.Values) != len(f.Moves) {
		return nil, fmt.Errorf("%d moves, %d best moves and %d values", len(f.Moves), len(f.Best), len(f.Values))
	}
	var start engine.Board
	if f.Start != "" {
		var err error
		if start, err = engine.Parse(f.Start); err != nil {
			return nil, fmt.Errorf("start: %w", err)
		}
	}
	moves, err := directions(f.Moves)
	if err != nil {
		return nil, err
	}
	best, err := directions(f.Best)
	if err != nil {
		return nil, err
	}
	boards, err := positions(f.Seed, start, moves)
	if err != nil {
		return nil, err
	}
	out := make([]ai.Result, len(moves))
	for i, b := range boards {
		r := ai.Result{Board: b, Best: best[i], Depth: f.Depth, Threads: 1}
		for d, v := range f.Values[i] {
			if v != nil {
				r.Legal[d], r.Value[d] = true, *v
			}
		}
		if err := fits(r, b); err != nil {
			return nil, fmt.Errorf("the search of move %d: %w", i+1, err)
		}
		out[i] = r
	}
	return out, nil
}

// directions reads moves written a letter each.
func directions(letters string) ([]engine.Direction, error) {
	out := make([]engine.Direction, len(letters))
	for i := range len(letters) {
		d, err := engine.ParseDirection(letters[i : i+1])
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		out[i] = d
	}
	return out, nil
}

// positions replays moves from seed and start and returns the board before
// each.
func positions(seed uint64, start engine.Board, moves []engine.Direction) ([]engine.Board, error) {
	g := engine.NewGameFrom(start, seed)
	boards := make([]engine.Board, len(moves))
	for i, d := range moves {
		boards[i] = g.Board()
		if _, ok := g.Move(d); !ok {
			return nil, fmt.Errorf("move %d (%v) changes nothing: the moves do not replay", i+1, d)
		}
	}
	return boards, nil
}

// fits returns why r is not a search of b as the AI makes one, if it is
// not: of another board, with other legal moves, a value that is not a
// number, or a best move that is not the first of the highest value.
func fits(r ai.Result, b engine.Board) error {
	if r.Board != b {
		return fmt.Errorf("of the board %v, not %v", r.Board, b)
	}
	top := math.Inf(-1)
	var first engine.Direction
	for d := range engine.Direction(engine.NumDirections) {
		_, _, legal := b.Move(d)
		switch {
		case r.Legal[d] != legal:
			return fmt.Errorf("%v is legal: %v; the search says %v", d, legal, r.Legal[d])
		case !legal:
		case math.IsNaN(r.Value[d]) || math.IsInf(r.Value[d], 0):
			return fmt.Errorf("%v is worth %v", d, r.Value[d])
		case r.Value[d] > top:
			top, first = r.Value[d], d
		}
	}
	if !r.HasMove() || r.Best != first {
		return fmt.Errorf("the best move is %v; the values say %v", r.Best, first)
	}
	return nil
}

// shared returns how many of the n positions the review kept of the moves
// kept are positions of the game that plays moves: each position up to
// the first move where the two part, which they reach alike.
func shared(kept string, moves []engine.Direction, n int) int {
	for i := range min(n, len(moves)) {
		if kept[i] != moves[i].Letter() {
			return i + 1 // the position before the move where they part
		}
	}
	return min(n, len(moves))
}
