package review

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/term2048/2048/ai"
)

// gameJSON is the game of the document.
type gameJSON struct {
	Source      string `json:"source"`
	Seed        uint64 `json:"seed"`
	Start       string `json:"start,omitempty"` // omitted for a usual game
	Moves       int    `json:"moves"`
	Score       int    `json:"score"`
	HighestTile int    `json:"highest_tile"`
	Note        string `json:"note,omitempty"`
}

// settingJSON is the setting of the document.
type settingJSON struct {
	Depth         int     `json:"depth"`                   // plies; 0 for auto, or no limit with a time per move
	Auto          bool    `json:"auto,omitempty"`          // each position searched at its auto depth
	TimePerMove   float64 `json:"time_per_move,omitempty"` // seconds
	Deterministic bool    `json:"deterministic"`
	InPoints      bool    `json:"in_points,omitempty"` // the values are points to come: each move has points_lost
}

// newSettingJSON returns s as the document writes it.
func newSettingJSON(s Setting) settingJSON {
	j := settingJSON{Depth: s.Depth, TimePerMove: s.Time.Seconds(), Deterministic: s.Deterministic(), InPoints: s.InPoints()}
	if s.Depth == ai.Auto && s.Time <= 0 {
		j.Auto = true
	}
	return j
}

// summaryJSON is the summary of the document.
type summaryJSON struct {
	Accuracy *float64         `json:"accuracy"` // percent; null with no rated move
	Rated    int              `json:"rated"`
	Mattered int              `json:"mattered"` // the rated moves where some move was worse than good
	Player   int              `json:"player_moves"`
	AI       int              `json:"ai_moves"`
	Verdicts verdictCountJSON `json:"verdicts"`
}

// verdictCountJSON is the count of each verdict, in the verdicts' order.
type verdictCountJSON [NumVerdicts]int

// MarshalJSON writes an object from each verdict's name to its count.
func (c verdictCountJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for v, n := range c {
		if v > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", Verdict(v), n)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// moveJSON is one move of the document.
type moveJSON struct {
	Move   int           `json:"move"`
	By     string        `json:"by"`
	Board  string        `json:"board"` // before the move
	Played string        `json:"played"`
	Best   string        `json:"best"`
	Values ai.MoveValues `json:"values"`
	Loss   float64       `json:"loss"`
	// PointsLost is Move.PointsLost, in a review whose values are points.
	PointsLost *float64 `json:"points_lost,omitempty"`
	Verdict    string   `json:"verdict"`
}

// An About is what the JSON document of a review says of the game
// reviewed, besides its moves: what its file is, as a reader names it,
// how the game starts, its score and its highest tile, and what the
// reader must know of the file, if anything.
type About struct {
	Source      string
	Game        Game
	Score, Tile int
	Note        string
}

// WriteJSON writes rev, the review of the game about tells of, as one JSON
// object: "game", "setting", "reviewed" (the moves reviewed: all, or the
// first ones if the review was stopped), "complete", "summary", and
// "moves", a line for each field and a line for each move.
func WriteJSON(w io.Writer, about About, rev *Review) error {
	s := rev.Summary()
	game := gameJSON{Source: about.Source, Seed: about.Game.Seed, Moves: rev.Total, Score: about.Score,
		HighestTile: about.Tile, Note: about.Note}
	if about.Game.Start != 0 {
		game.Start = about.Game.Start.String()
	}
	summary := summaryJSON{Rated: s.Rated, Mattered: s.Mattered, Player: s.Player, AI: s.AI, Verdicts: s.Verdicts}
	if s.Rated > 0 {
		summary.Accuracy = &s.Accuracy
	}
	// The head, one field a line, each field encoded on its own.
	var b bytes.Buffer
	b.WriteString("{\n")
	for _, field := range []struct {
		name  string
		value any
	}{{"game", game}, {"setting", newSettingJSON(rev.Setting)}, {"reviewed", len(rev.Moves)}, {"complete", rev.Complete()}, {"summary", summary}} {
		data, err := json.Marshal(field.value)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, " %q: %s,\n", field.name, data)
	}
	b.WriteString(` "moves": [`)
	for i, m := range rev.Moves {
		data, err := json.Marshal(newMoveJSON(m, rev.Setting.InPoints()))
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n  %s", data)
	}
	b.WriteString("\n ]\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// newMoveJSON returns m as the document writes it, with the points it
// lost if the review's values are points.
func newMoveJSON(m Move, inPoints bool) moveJSON {
	j := moveJSON{
		Move: m.Number, By: m.By.String(), Board: m.Search.Board.String(), Played: m.Played.String(),
		Best: m.Best().String(), Values: m.Search.MoveValues(),
		Loss: m.Loss, Verdict: m.Verdict.String(),
	}
	if inPoints {
		lost := m.PointsLost()
		j.PointsLost = &lost
	}
	return j
}
