package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/term2048/2048/engine"
)

// gameJSON is a game in sim's JSON.
type gameJSON struct {
	Seed    uint64     `json:"seed"`
	Score   int        `json:"score"`
	MaxTile int        `json:"max_tile"`
	Moves   int        `json:"moves"`
	Seconds float64    `json:"seconds"`
	Evals   uint64     `json:"evaluations"`
	First   firstMoves `json:"first"`
}

// firstMoves is gameResult.First in JSON: an object from each tile reached,
// smallest first, to the move at which it first appeared.
type firstMoves [engine.MaxRank + 1]int

// MarshalJSON writes the tiles in increasing order, which a map would not.
func (f firstMoves) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for r, m := range f {
		if r == 0 || m < 0 {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%d":%d`, engine.TileValue(uint8(r)), m)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

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
}

// newConfigJSON returns the configuration of r; the depth of greedy is 1,
// that of random 0.
func newConfigJSON(r simRun) configJSON {
	p := r.player
	c := configJSON{Player: p.kind, Label: p.String(), Seed: r.seed, Games: r.games,
		Workers: min(r.workers, r.games), TimePerMove: p.time.Seconds()}
	if p.kind != playerRandom {
		c.Eval = p.evalName
	}
	switch p.kind {
	case playerExpectimax:
		c.Depth = p.depth
	case playerMinimax:
		c.Depth = p.minimaxDepth()
	case playerGreedy:
		c.Depth = 1
	}
	return c
}

// writeSimJSON prints runs as one JSON document: the run itself, or with
// compare {"runs": [...]}. Each game takes one line.
func writeSimJSON(w io.Writer, runs []runResult, compare bool) error {
	var b bytes.Buffer
	if !compare {
		if err := appendRunJSON(&b, runs[0], ""); err != nil {
			return err
		}
	} else {
		b.WriteString("{\"runs\": [\n")
		for i, r := range runs {
			b.WriteString(" ")
			if err := appendRunJSON(&b, r, " "); err != nil {
				return err
			}
			if i < len(runs)-1 {
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

// appendRunJSON appends the JSON object of r, its lines indented by indent.
func appendRunJSON(b *bytes.Buffer, r runResult, indent string) error {
	cfg, err := json.Marshal(newConfigJSON(r.run))
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "{\n%s \"config\": %s,\n%s \"games\": [", indent, cfg, indent)
	for i, g := range r.games {
		data, err := json.Marshal(gameJSON{g.Seed, g.Score, g.MaxTile, g.Moves, g.Elapsed.Seconds(), g.Evals, g.First})
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, "\n%s  %s", indent, data)
	}
	sum, err := json.MarshalIndent(r.summary, indent+" ", " ")
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "\n%s ],\n%s \"interrupted\": %d,\n%s \"not_started\": %d,\n%s \"wall_seconds\": %g,\n%s \"summary\": %s\n%s}",
		indent, indent, r.interrupted, indent, r.notStarted, indent, r.wall.Seconds(), indent, sum, indent)
	return nil
}

// writeCSV writes one row a game of runs, after a header: the seed, the
// score, the largest tile, the moves, the seconds, the evaluations, the
// configuration, and for each tile from 2 to 32768 the move at which it
// first appeared (empty if it never did).
func writeCSV(w io.Writer, runs []runResult) error {
	cw := csv.NewWriter(w)
	header := []string{"seed", "score", "max_tile", "moves", "seconds", "evaluations", "config"}
	for r := 1; r <= engine.MaxRank; r++ {
		header = append(header, fmt.Sprintf("first_%d", engine.TileValue(uint8(r))))
	}
	cw.Write(header)
	for _, run := range runs {
		label := run.run.player.String()
		for _, g := range run.games {
			row := []string{
				strconv.FormatUint(g.Seed, 10), strconv.Itoa(g.Score), strconv.Itoa(g.MaxTile),
				strconv.Itoa(g.Moves), strconv.FormatFloat(g.Elapsed.Seconds(), 'f', 6, 64),
				strconv.FormatUint(g.Evals, 10), label,
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
