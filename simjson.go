package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
)

// configJSON is the configuration of a run in sim's JSON.
type configJSON struct {
	Player      string  `json:"player"`
	Label       string  `json:"label"`
	Eval        string  `json:"eval,omitempty"`
	Depth       int     `json:"depth"` // plies; 0 for auto
	TimePerMove float64 `json:"time_per_move,omitempty"`
	Seed        uint64  `json:"seed"`
	Games       int     `json:"games"`
	Workers     int     `json:"workers"`
	// Shard, with -shard, is the part of the whole run this one is.
	Shard *shardJSON `json:"shard,omitempty"`
}

// newConfigJSON returns the configuration of r; the depth of greedy is 1,
// that of random 0.
func newConfigJSON(r sim.Run) configJSON {
	p := r.Player
	c := configJSON{Player: p.Kind, Label: p.String(), Depth: p.SearchDepth(), TimePerMove: p.Time.Seconds(),
		Seed: r.Seed, Games: r.Games, Workers: r.ActiveWorkers()}
	if p.Kind != sim.Random {
		c.Eval = p.EvalName()
	}
	return c
}

// writeSimJSON prints outcomes as one JSON document: the run itself, or with
// compare {"runs": [...]}. Each game takes one line. The configuration of
// each run says which part of the whole run it is if sh is not nil.
func writeSimJSON(w io.Writer, outcomes []sim.Outcome, compare bool, sh *shardJSON) error {
	var b bytes.Buffer
	if !compare {
		if err := appendRunJSON(&b, outcomes[0], "", sh); err != nil {
			return err
		}
	} else {
		b.WriteString("{\"runs\": [\n")
		for i, o := range outcomes {
			b.WriteString(" ")
			if err := appendRunJSON(&b, o, " ", sh); err != nil {
				return err
			}
			if i < len(outcomes)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("]}")
	}
	b.WriteByte('\n')
	_, err := w.Write(b.Bytes())
	return err
}

// appendRunJSON appends the JSON object of o, its lines indented by indent,
// a part sh of a whole run if sh is not nil.
func appendRunJSON(b *bytes.Buffer, o sim.Outcome, indent string, sh *shardJSON) error {
	c := newConfigJSON(o.Run)
	c.Shard = sh
	cfg, err := json.Marshal(c)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "{\n%s \"config\": %s,\n%s \"games\": [", indent, cfg, indent)
	for i, g := range o.Games {
		data, err := json.Marshal(g)
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, "\n%s  %s", indent, data)
	}
	sum, err := json.MarshalIndent(o.Summary(), indent+" ", " ")
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "\n%s ],\n%s \"interrupted\": %d,\n%s \"not_started\": %d,\n%s \"wall_seconds\": %g,\n%s \"summary\": %s\n%s}",
		indent, indent, o.Interrupted, indent, o.NotStarted, indent, o.Wall.Seconds(), indent, sum, indent)
	return nil
}

// writeCSV writes one row a game of outcomes, after a header: the seed, the
// score, the largest tile, the moves, the seconds, the evaluations, the
// configuration, and for each tile from 2 to 32768 the move at which it
// first appeared (empty if it never did).
func writeCSV(w io.Writer, outcomes []sim.Outcome) error {
	cw := csv.NewWriter(w)
	header := []string{"seed", "score", "max_tile", "moves", "seconds", "evaluations", "config"}
	for r := 1; r <= engine.MaxRank; r++ {
		header = append(header, fmt.Sprintf("first_%d", engine.TileValue(uint8(r))))
	}
	cw.Write(header)
	for _, o := range outcomes {
		label := o.Run.Player.String()
		for _, g := range o.Games {
			row := []string{
				strconv.FormatUint(g.Seed, 10), strconv.Itoa(g.Score), strconv.Itoa(g.MaxTile),
				strconv.Itoa(len(g.Moves)), strconv.FormatFloat(g.Elapsed.Seconds(), 'f', 6, 64),
				strconv.FormatUint(g.MovesTried, 10), label,
			}
			for r := 1; r <= engine.MaxRank; r++ {
				v := ""
				if g.First[r] >= 0 {
					v = strconv.Itoa(g.First[r])
				}
				row = append(row, v)
			}
			cw.Write(row)
		}
	}
	cw.Flush()
	return cw.Error()
}
