package deck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"strconv"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/puzzle"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/practice/glicko"
)

// The encoding of a deck is a line of header, then JSON:
//
//	2048-practice 1 crc32c 89abcdef
//	{"player":...,"puzzles":[...],"trend":[...],"scanned":[...]}
//
// The header names the format, its version and the CRC-32 (Castagnoli) of
// the JSON after it, in hexadecimal. Decode refuses a blob whose checksum
// does not match, a JSON with a field it does not know, and a puzzle that
// is not one (a best move that is not legal, values that are not finite, a
// schedule out of its steps): damaged data is never read as something else.

// Version is the version of the encoding Encode writes: 2, which adds
// the daily puzzles' dates ("daily") to version 1. Decode reads both.
const Version = 2

// magic begins every encoded deck.
const magic = "2048-practice"

// ErrNewer is returned by Decode for a deck written by a newer 2048.
var ErrNewer = errors.New("written by a newer version of 2048")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

type deckJSON struct {
	Player  ratingJSON  `json:"player"`
	Puzzles []entryJSON `json:"puzzles"`
	Trend   []pointJSON `json:"trend"`
	Scanned []string    `json:"scanned"`
}

type ratingJSON struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"rd"`
	Volatility float64 `json:"vol"`
}

type pointJSON struct {
	When      int64   `json:"when"` // Unix seconds
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"rd"`
}

type entryJSON struct {
	Board  string                         `json:"board"`  // 16 hexadecimal digits, a nibble a cell
	Values [engine.NumDirections]*float64 `json:"values"` // null for a move that is not legal
	Best   string                         `json:"best"`
	Second string                         `json:"second"`
	Depth  int                            `json:"depth"`
	Points bool                           `json:"points,omitempty"`
	Move   int                            `json:"move,omitempty"`
	Played string                         `json:"played,omitempty"`
	Slip   bool                           `json:"slip,omitempty"`
	Game   string                         `json:"game,omitempty"`
	Daily  string                         `json:"daily,omitempty"` // the date of a daily puzzle
	Rating ratingJSON                     `json:"rating"`
	Tries  int                            `json:"tries,omitempty"`
	Solved int                            `json:"solved,omitempty"`
	Step   int                            `json:"step,omitempty"`
	Due    int64                          `json:"due,omitempty"`  // Unix seconds; 0 for none
	Last   int64                          `json:"last,omitempty"` // Unix seconds; 0 for none
}

// Encode returns the encoding of d. It fails on a value JSON cannot hold
// (a rating or a value that is not finite).
func Encode(d *Deck) ([]byte, error) {
	j := deckJSON{Player: ratingOf(d.Player), Puzzles: make([]entryJSON, len(d.Puzzles)), Trend: make([]pointJSON, len(d.Trend)), Scanned: d.Scanned}
	if j.Scanned == nil {
		j.Scanned = []string{}
	}
	for i, e := range d.Puzzles {
		j.Puzzles[i] = entryOf(e)
	}
	for i, p := range d.Trend {
		j.Trend[i] = pointJSON{When: p.When.Unix(), Rating: p.Rating, Deviation: p.Deviation}
	}
	body, err := json.Marshal(j)
	if err != nil {
		return nil, fmt.Errorf("encoding the practice: %w", err)
	}
	head := fmt.Sprintf("%s %d crc32c %08x\n", magic, Version, crc32.Checksum(body, castagnoli))
	return append([]byte(head), body...), nil
}

func ratingOf(r glicko.Rating) ratingJSON { return ratingJSON{r.Rating, r.Deviation, r.Volatility} }

func unixOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix()
}

func timeOrZero(s int64) time.Time {
	if s == 0 {
		return time.Time{}
	}
	return time.Unix(s, 0)
}

// entryOf returns the JSON of e.
func entryOf(e Entry) entryJSON {
	j := entryJSON{
		Board: fmt.Sprintf("%016x", uint64(e.Board())), Best: e.Best().String(), Second: e.Second.String(), Depth: e.Search.Depth,
		Points: e.Points, Move: e.Move, Slip: e.Slip, Game: e.Game, Daily: e.Daily, Rating: ratingOf(e.Rating),
		Tries: e.Tries, Solved: e.Solved, Step: e.Step, Due: unixOrZero(e.Due), Last: unixOrZero(e.Last),
	}
	if e.Move > 0 {
		j.Played = e.Played.String()
	}
	for d := range engine.Direction(engine.NumDirections) {
		if e.Search.Legal[d] {
			v := e.Search.Value[d]
			j.Values[d] = &v
		}
	}
	return j
}

// Decode returns the deck of data, as Encode wrote it. A deck of a newer
// version is an error satisfying errors.Is(err, ErrNewer); any other error
// says what is damaged.
func Decode(data []byte) (*Deck, error) {
	head, body, ok := bytes.Cut(data, []byte("\n"))
	if !ok {
		return nil, errors.New("not a practice file: no header")
	}
	var version int
	var sum uint32
	if n, err := fmt.Sscanf(string(head), magic+" %d crc32c %08x", &version, &sum); n != 2 || err != nil || len(head) != len(fmt.Sprintf("%s %d crc32c %08x", magic, version, sum)) {
		return nil, fmt.Errorf("not a practice file: header %q", truncated(head))
	}
	if version > Version {
		return nil, fmt.Errorf("version %d, %w", version, ErrNewer)
	}
	if version < 1 {
		return nil, fmt.Errorf("version %d; this program reads versions 1 to %d", version, Version)
	}
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return nil, fmt.Errorf("damaged: checksum %08x, the header says %08x", got, sum)
	}
	var j deckJSON
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("damaged: %w", err)
	}
	if dec.More() {
		return nil, errors.New("damaged: more after the practice")
	}
	return j.deck()
}

// truncated returns the first bytes of b, for an error.
func truncated(b []byte) []byte { return b[:min(len(b), 40)] }

// deck checks j and returns its deck.
func (j *deckJSON) deck() (*Deck, error) {
	d := &Deck{Player: j.Player.rating(), Scanned: j.Scanned}
	if d.Player != (glicko.Rating{}) && !d.Player.Valid() {
		return nil, fmt.Errorf("the player's rating %v is not one", d.Player)
	}
	for i, p := range j.Trend {
		if !finite(p.Rating) || !finite(p.Deviation) || p.Deviation <= 0 {
			return nil, fmt.Errorf("point %d of the trend (%v, %v) is not a rating", i+1, p.Rating, p.Deviation)
		}
		d.Trend = append(d.Trend, Point{When: time.Unix(p.When, 0), Rating: p.Rating, Deviation: p.Deviation})
	}
	seen := make(map[engine.Board]bool, len(j.Puzzles))
	for i, pj := range j.Puzzles {
		e, err := pj.entry()
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", i+1, err)
		}
		if seen[e.Board()] {
			return nil, fmt.Errorf("puzzle %d: board %s twice", i+1, pj.Board)
		}
		seen[e.Board()] = true
		d.Puzzles = append(d.Puzzles, e)
	}
	d.sortScanned()
	if len(d.Scanned) != len(j.Scanned) {
		return nil, errors.New("a game scanned twice, or out of order")
	}
	for i := range d.Scanned {
		if d.Scanned[i] != j.Scanned[i] {
			return nil, errors.New("the games scanned are out of order")
		}
	}
	return d, nil
}

func (r ratingJSON) rating() glicko.Rating {
	return glicko.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// entry checks j and returns its entry.
func (j *entryJSON) entry() (Entry, error) {
	n, err := strconv.ParseUint(j.Board, 16, 64)
	if err != nil || j.Board != fmt.Sprintf("%016x", n) {
		return Entry{}, fmt.Errorf("board %q: want 16 hexadecimal digits", j.Board)
	}
	b := engine.Board(n)
	e := Entry{Puzzle: puzzle.Puzzle{Search: ai.Result{Board: b, Depth: j.Depth}, Points: j.Points, Move: j.Move, Slip: j.Slip},
		Game: j.Game, Daily: j.Daily, Rating: j.Rating.rating(), Tries: j.Tries, Solved: j.Solved, Step: j.Step, Due: timeOrZero(j.Due), Last: timeOrZero(j.Last)}
	for d := range engine.Direction(engine.NumDirections) {
		_, _, legal := b.Move(d)
		if legal != (j.Values[d] != nil) {
			return Entry{}, fmt.Errorf("%v is legal: %v; its value says otherwise", d, legal)
		}
		if legal {
			if !finite(*j.Values[d]) {
				return Entry{}, fmt.Errorf("the value of %v is %v", d, *j.Values[d])
			}
			e.Search.Legal[d], e.Search.Value[d] = true, *j.Values[d]
		}
	}
	if e.Search.Best, err = engine.ParseDirection(j.Best); err != nil || j.Best != e.Search.Best.String() {
		return Entry{}, fmt.Errorf("best move %q", j.Best)
	}
	if e.Second, err = engine.ParseDirection(j.Second); err != nil || j.Second != e.Second.String() {
		return Entry{}, fmt.Errorf("second move %q", j.Second)
	}
	if second, ok := puzzle.Candidate(e.Search); !ok || second != e.Second {
		return Entry{}, errors.New("not a puzzle: its values give no clearly best move")
	}
	if err := j.checkRest(&e); err != nil {
		return Entry{}, err
	}
	return e, nil
}

// checkRest checks the fields of j after the search, and sets Played.
func (j *entryJSON) checkRest(e *Entry) error {
	switch {
	case j.Depth < 1 || j.Depth > ai.MaxDepth:
		return fmt.Errorf("depth %d", j.Depth)
	case j.Move < 0 || (j.Move == 0) != (j.Played == ""):
		return fmt.Errorf("move %d, played %q", j.Move, j.Played)
	case j.Daily != "" && (j.Game != "" || j.Move != 0 || !isDate(j.Daily)):
		return fmt.Errorf("daily puzzle of %q, from game %q, move %d", j.Daily, j.Game, j.Move)
	case !e.Rating.Valid():
		return fmt.Errorf("rating %v", e.Rating)
	case j.Tries < 0 || j.Solved < 0 || j.Solved > j.Tries:
		return fmt.Errorf("%d solved of %d tries", j.Solved, j.Tries)
	case j.Step < 0 || j.Step > len(Intervals) || (j.Step == 0) != (j.Due == 0):
		return fmt.Errorf("step %d due at %d", j.Step, j.Due)
	}
	if j.Played != "" {
		d, err := engine.ParseDirection(j.Played)
		if err != nil || j.Played != d.String() || !e.Search.Legal[d] {
			return fmt.Errorf("move played %q", j.Played)
		}
		e.Played = d
	}
	return nil
}

// isDate reports whether s is a date as the daily challenge writes it,
// YYYY-MM-DD.
func isDate(s string) bool {
	t, err := time.Parse(time.DateOnly, s)
	return err == nil && t.Format(time.DateOnly) == s
}
