package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
)

// Version is the version of the lines this package writes. A line of a
// later version is not read (ErrNewer), and never removed.
const Version = 1

// ErrNewer says that a line was written by a newer version of 2048.
var ErrNewer = errors.New("written by a newer 2048")

// gameJSON is a Game in a line of the file:
//
//	{"version":1,"id":"5f0c9e1a2b3c4d5e","ended":"2026-11-23T14:05:09+01:00","seconds":312.5,
//	 "score":20112,"tile":2048,"moves":1234,"undos":3,"peak":20240,
//	 "hinted":true,"autoplayed":false,
//	 "by":"ppph…","game":{"seed":…,"moves":"UDLR…","board":"…","score":20112}}
//
// (on one line), with "set_up":true for a game begun from a position set
// up, "daily":"2026-11-26" for an attempt at a daily challenge, and
// "race":"K7MQ2X" for a game of a race against a friend ("AI4" against
// the AI at 4 plies). "game" is the game as engine.Game encodes it, the form the
// saved game takes too: its seed, its start board if not empty, its moves
// as letters, and the board and score they lead to, as a check. The
// figures before it sum the game up for readers that do not replay it
// (jq, grep), and are checked against the replay when the line is read.
type gameJSON struct {
	Version    int             `json:"version"`
	ID         string          `json:"id,omitempty"`
	Ended      time.Time       `json:"ended"`
	Seconds    float64         `json:"seconds"`
	Score      int             `json:"score"`
	Tile       int             `json:"tile"`
	Moves      int             `json:"moves"`
	Undos      int             `json:"undos,omitempty"`
	Peak       int             `json:"peak,omitempty"`   // absent when it is the score
	SetUp      bool            `json:"set_up,omitempty"` // begun from a position set up, not from a fresh start
	Daily      string          `json:"daily,omitempty"`  // the date of the daily challenge it is an attempt at
	Race       string          `json:"race,omitempty"`   // the code of the race against a friend it was played in
	Hinted     bool            `json:"hinted"`
	Autoplayed bool            `json:"autoplayed"`
	By         *review.Movers  `json:"by,omitempty"` // absent if not known
	Game       json.RawMessage `json:"game"`
}

// earlierJSON is the line of the games counted before the history:
// {"version":1,"earlier":{"games_played":42,…}}.
type earlierJSON struct {
	Version int      `json:"version"`
	Earlier *Earlier `json:"earlier"`
}

// MarshalJSON encodes g as a line of the history, without the newline, the
// time played to the millisecond. It
// fails if the moves do not replay to g's board and score, or By does not
// match the moves: a line that would not read back is never written.
func (g Game) MarshalJSON() ([]byte, error) {
	e, err := g.Replay()
	if err != nil {
		return nil, fmt.Errorf("encoding the game of seed %d: %w", g.Seed, err)
	}
	if g.By != nil && len(g.By) != len(g.Moves) {
		return nil, fmt.Errorf("encoding the game of seed %d: %d moves, and who made %d", g.Seed, len(g.Moves), len(g.By))
	}
	game, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	if err := CheckID(g.ID); err != nil {
		return nil, fmt.Errorf("encoding the game of seed %d: %w", g.Seed, err)
	}
	if g.Undos < 0 || g.Peak != 0 && g.Peak < g.Score {
		return nil, fmt.Errorf("encoding the game of seed %d: %d undos, a peak of %d under the score %d", g.Seed, g.Undos, g.Peak, g.Score)
	}
	if err := checkDaily(g.Daily, e, g.SetUp); err != nil {
		return nil, fmt.Errorf("encoding the game of seed %d: %w", g.Seed, err)
	}
	if err := checkRace(g.Race); err != nil {
		return nil, fmt.Errorf("encoding the game of seed %d: %w", g.Seed, err)
	}
	peak := g.Peak
	if peak == g.Score {
		peak = 0
	}
	j := gameJSON{Version: Version, ID: g.ID, Ended: g.Ended, Seconds: g.Played.Round(time.Millisecond).Seconds(), Score: g.Score,
		Tile: g.HighestTile(), Moves: g.MoveCount, Undos: g.Undos, Peak: peak, SetUp: g.SetUp, Daily: g.Daily, Race: g.Race, Hinted: g.Hinted, Autoplayed: g.Autoplayed, Game: game}
	if g.By != nil {
		j.By = &g.By
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes a line MarshalJSON encoded. It replays the moves
// and fails, leaving g unchanged, if anything in the line disagrees with
// them: a damaged line never reads as another game. A line of a newer
// version fails with an error wrapping ErrNewer.
func (g *Game) UnmarshalJSON(data []byte) error {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("not a game: %w", err)
	}
	if err := checkVersion(j.Version); err != nil {
		return err
	}
	if len(j.Game) == 0 {
		return errors.New(`not a game: no "game" with its moves`)
	}
	if err := CheckID(j.ID); err != nil {
		return err
	}
	var e engine.Game
	if err := json.Unmarshal(j.Game, &e); err != nil {
		return err
	}
	if err := j.checkFigures(&e); err != nil {
		return err
	}
	by, err := j.movers()
	if err != nil {
		return err
	}
	if err := checkDaily(j.Daily, &e, j.SetUp); err != nil {
		return err
	}
	if err := checkRace(j.Race); err != nil {
		return err
	}
	*g = Game{
		Transcript: e.Transcript(),
		Record: Record{ID: j.ID, Board: e.Board(), Score: e.Score(), Peak: max(j.Peak, e.Score()),
			MoveCount: e.MoveCount(), Undos: j.Undos, SetUp: j.SetUp, Daily: j.Daily, Race: j.Race,
			Hinted: j.Hinted, Autoplayed: j.Autoplayed, Played: time.Duration(j.Seconds * float64(time.Second)), Ended: j.Ended},
		By: by,
	}
	return nil
}

// checkFigures returns why the figures of the line disagree with the game
// its moves make, e, or with one another, if they do.
func (j *gameJSON) checkFigures(e *engine.Game) error {
	if e.Score() != j.Score || e.HighestTile() != j.Tile || e.MoveCount() != j.Moves {
		return fmt.Errorf("the moves give score %d, tile %d and %d moves; the line says %d, %d and %d",
			e.Score(), e.HighestTile(), e.MoveCount(), j.Score, j.Tile, j.Moves)
	}
	switch {
	case j.Undos < 0:
		return fmt.Errorf("%d undos", j.Undos)
	case j.Peak != 0 && j.Peak < j.Score:
		return fmt.Errorf("a peak score of %d, under the score %d", j.Peak, j.Score)
	case j.Ended.IsZero():
		return errors.New(`no date ("ended")`)
	case j.Seconds < 0 || math.IsNaN(j.Seconds) || j.Seconds > math.MaxInt64/1e9:
		return fmt.Errorf("%v seconds played", j.Seconds)
	}
	return nil
}

// movers returns who made each move of the line, nil if it does not say,
// or why what it says is wrong.
func (j *gameJSON) movers() (review.Movers, error) {
	if j.By == nil {
		return nil, nil
	}
	by := *j.By
	if len(by) != j.Moves {
		return nil, fmt.Errorf("%d moves, and who made %d", j.Moves, len(by))
	}
	if count(by, review.ByHint) > 0 && !j.Hinted || count(by, review.ByAutoplay) > 0 && !j.Autoplayed {
		return nil, errors.New(`the AI made moves that "hinted" or "autoplayed" does not say`)
	}
	return by, nil
}

// maxRaceCode is the longest code of a race a line may name.
const maxRaceCode = 16

// checkRace returns why code cannot be the code of a race, if it cannot:
// capitals and digits, a few of them.
func checkRace(code string) error {
	if len(code) > maxRaceCode || strings.ContainsFunc(code, func(r rune) bool { return (r < 'A' || r > 'Z') && (r < '0' || r > '9') }) {
		return fmt.Errorf("%q is not the code of a race", code)
	}
	return nil
}

// checkDaily returns why a game of e cannot be the daily challenge of
// date, if date names one: a date, and a usual game from a fresh start.
// Its seed is the one that dealt it: the date's own (DailySeed) in a local
// game, a secret one on a server (2048 serve), whose leaderboards check
// that it is the day's.
func checkDaily(date string, e *engine.Game, setUp bool) error {
	if date == "" {
		return nil
	}
	if _, err := DailySeed(date); err != nil {
		return err
	}
	if e.Start() != 0 || setUp {
		return fmt.Errorf("a game from a position set up is not the daily challenge of %s", date)
	}
	return nil
}

// MaxID is the longest ID of a game, in bytes.
const MaxID = 64

// checkID returns why id cannot name a game, if it cannot: an ID is at most
// MaxID letters, digits, '-' and '_', or empty for a game that has none.
func CheckID(id string) error {
	if len(id) > MaxID {
		return fmt.Errorf("an id of %d bytes; at most %d", len(id), MaxID)
	}
	for _, c := range id {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("id %q: only letters, digits, - and _", id)
		}
	}
	return nil
}

// checkVersion returns why a line of version v cannot be read, if it
// cannot.
func checkVersion(v int) error {
	switch {
	case v > Version:
		return fmt.Errorf("%w (version %d; this one reads version %d)", ErrNewer, v, Version)
	case v != Version:
		return fmt.Errorf("version %d; want %d", v, Version)
	}
	return nil
}

// EncodeEarlier returns the line of the games counted before the history,
// without the newline.
func EncodeEarlier(e Earlier) ([]byte, error) {
	return json.Marshal(earlierJSON{Version: Version, Earlier: &e})
}

// An Entry is what a line of the history holds: a game, or the games
// counted before the history began.
type Entry struct {
	Game    *Game    // nil for the line of the earlier games
	Earlier *Earlier // nil for a game
}

// Decode reads one line of the history, with or without its newline, and
// without the byte order mark an editor may put at the start of a file. A
// line of a newer version fails with an error wrapping ErrNewer.
func Decode(line []byte) (Entry, error) {
	line = bytes.TrimPrefix(bytes.TrimRight(line, "\r\n"), []byte("\uFEFF"))
	var probe struct {
		Version int             `json:"version"`
		Earlier json.RawMessage `json:"earlier"`
	}
	if err := json.Unmarshal(line, &probe); err != nil {
		return Entry{}, fmt.Errorf("not JSON: %w", err)
	}
	if err := checkVersion(probe.Version); err != nil {
		return Entry{}, err
	}
	if probe.Earlier == nil {
		var g Game
		if err := json.Unmarshal(line, &g); err != nil {
			return Entry{}, err
		}
		return Entry{Game: &g}, nil
	}
	var j earlierJSON
	if err := json.Unmarshal(line, &j); err != nil {
		return Entry{}, fmt.Errorf("the earlier games: %w", err)
	}
	if j.Earlier == nil {
		return Entry{}, errors.New(`"earlier" is null`)
	}
	if e := *j.Earlier; e.GamesPlayed < 0 || e.GamesWon < 0 || e.GamesHinted < 0 || e.GamesAutoplayed < 0 ||
		e.BestScore < 0 || e.HighestTile < 0 {
		return Entry{}, fmt.Errorf("the earlier games: a negative count in %+v", e)
	}
	return Entry{Earlier: j.Earlier}, nil
}
