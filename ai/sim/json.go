package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/term2048/2048/ai"
)

// configJSON is a Config in JSON: what was played, the player's name as
// Player.String writes it under "label", and the workers that played.
type configJSON struct {
	Player      string  `json:"player"`
	Label       string  `json:"label"`
	Eval        string  `json:"eval,omitempty"`
	Depth       int     `json:"depth"` // plies; 0 for auto
	TimePerMove float64 `json:"time_per_move,omitempty"`
	Cutoff      float64 `json:"cutoff,omitempty"` // Player.Cutoff: absent for the evaluator's, negative for none
	Seed        uint64  `json:"seed"`
	Games       int     `json:"games"`
	Workers     int     `json:"workers"`
	Shard       *Shard  `json:"shard,omitempty"`
}

// MarshalJSON encodes c as one JSON object: the player's kind, its name,
// its evaluator (but the random player's), its depth in plies (that of
// SearchDepth: 1 for greedy, 0 for random and for the automatic depth),
// its time a move and its cut-off if set, the seed, the games, the workers
// that play them (ActiveWorkers) and the shard if c is one. The evaluator
// itself is not encoded: only its name.
func (c Config) MarshalJSON() ([]byte, error) {
	p := c.Player
	j := configJSON{Player: p.Kind, Label: p.String(), Depth: p.SearchDepth(), TimePerMove: p.Time.Seconds(),
		Cutoff: p.Cutoff, Seed: c.Seed, Games: c.Games, Workers: c.ActiveWorkers(), Shard: c.Shard}
	if p.Kind != Random {
		j.Eval = p.EvalName()
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes a configuration that MarshalJSON encoded, as far as
// a report of its games needs it: the player's evaluator is named but not
// made. It fails on a field it does not know and on an unknown kind of
// player.
func (c *Config) UnmarshalJSON(data []byte) error {
	var j configJSON
	if err := decodeStrict(data, &j); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	p := Player{Kind: j.Player, Eval: j.Eval, Depth: j.Depth, Time: time.Duration(j.TimePerMove * float64(time.Second)), Cutoff: j.Cutoff}
	if !slices.Contains(Kinds(), p.Kind) {
		return fmt.Errorf("config: unknown player %q", p.Kind)
	}
	if p.Kind == Greedy || p.Kind == Random {
		p.Depth = ai.Auto // written as their SearchDepth, 1 and 0
	}
	*c = Config{Player: p, Games: j.Games, Seed: j.Seed, Workers: j.Workers, Shard: j.Shard}
	return nil
}

// outcomeJSON is an Outcome in JSON, in the order sim -json writes it.
type outcomeJSON struct {
	Config      *Config `json:"config"`
	Games       []Game  `json:"games"`
	Interrupted int     `json:"interrupted"`
	NotStarted  int     `json:"not_started"`
	WallSeconds float64 `json:"wall_seconds"`
	Summary     Summary `json:"summary"`
}

// MarshalJSON encodes o as one JSON object: its configuration, its games
// (an empty list if none finished), how many were cut short and not
// started, its time in seconds, and its Summary. It fails if a game's
// moves do not replay to its record.
func (o Outcome) MarshalJSON() ([]byte, error) {
	games := o.Games
	if games == nil {
		games = []Game{}
	}
	return json.Marshal(outcomeJSON{&o.Config, games, o.Interrupted, o.NotStarted, o.Wall.Seconds(), o.Summary()})
}

// UnmarshalJSON decodes an outcome that MarshalJSON encoded. The summary is
// not read, since Summary computes it from the games. It fails, leaving o
// unchanged, on a field it does not know, without a configuration, and if
// a game does not replay to its record (see Game.UnmarshalJSON).
func (o *Outcome) UnmarshalJSON(data []byte) error {
	var j struct {
		outcomeJSON
		Summary json.RawMessage `json:"summary"` // recomputed from the games
	}
	if err := decodeStrict(data, &j); err != nil {
		return err
	}
	if j.Config == nil {
		return errors.New("no configuration")
	}
	*o = Outcome{Config: *j.Config, Games: j.Games, Interrupted: j.Interrupted, NotStarted: j.NotStarted,
		Wall: time.Duration(j.WallSeconds * float64(time.Second))}
	return nil
}

// decodeStrict decodes the JSON value data into v, refusing the fields v
// does not have: a misspelt field is an error, not a default.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
