package review

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

// hintJSON is the JSON answer of 2048 hint: a search's result, each legal
// move rated as a review rates a move played.
type hintJSON struct {
	Move        string        `json:"move"`
	Values      ai.MoveValues `json:"values"`
	Depth       int           `json:"depth"`
	Evaluations uint64        `json:"evaluations"`
	Nodes       uint64        `json:"nodes"`
	Seconds     float64       `json:"seconds"`
	Board       string        `json:"board"`
	Auto        bool          `json:"auto"`     // the depth came from the position
	Reached     int           `json:"reached"`  // plies of the deepest leaf
	Deadline    bool          `json:"deadline"` // -time ended the search
	Threads     int           `json:"threads"`
	Eval        string        `json:"eval"`
	// Ratings rate each legal move as the replay rates a move played.
	Ratings map[string]ratingJSON `json:"ratings"`
	Why     string                `json:"why,omitempty"` // why the best move, in words; absent when there is nothing to say
}

// ratingJSON is a move's rating in hint -json (see Rating).
type ratingJSON struct {
	Verdict string  `json:"verdict"` // best, good, inaccuracy, mistake, blunder, forced
	Loss    float64 `json:"loss"`    // against the best: 0.01 for a move worth 1% less
	Loses   bool    `json:"loses"`   // it loses the game at once, while another move does not
	// PointsLost is the loss in points to come, when the values are
	// points (a learned network's); absent otherwise.
	PointsLost *float64 `json:"points_lost,omitempty"`
}

// newRatings returns the ratings of r's legal moves by name, with their
// losses in points if inPoints.
func newRatings(r ai.Result, inPoints bool) map[string]ratingJSON {
	out := map[string]ratingJSON{}
	for d, rt := range Rate(r) {
		if !r.Legal[d] {
			continue
		}
		j := ratingJSON{Verdict: rt.Verdict.String(), Loss: rt.Loss, Loses: rt.Loses}
		if inPoints {
			lost := r.Value[r.Best] - r.Value[d]
			j.PointsLost = &lost
		}
		out[engine.Direction(d).String()] = j
	}
	return out
}

// WriteHintJSON writes r, the search of one board, as one line of JSON:
// the best move ("none" if no move is legal), each move's value and its
// rating (see Rate), the search's figures, eval, the name of the evaluator
// it used, and why, the best move's reason in words ("" for none, and then
// no "why" field). inPoints says that the values are points to come (see
// ai.Searcher.EstimatesScore): each rating then has its points_lost.
func WriteHintJSON(w io.Writer, r ai.Result, eval, why string, inPoints bool) error {
	move := "none"
	if r.HasMove() {
		move = r.Best.String()
	}
	out := hintJSON{
		Move:        move,
		Values:      r.MoveValues(),
		Depth:       r.Depth,
		Evaluations: r.MovesTried,
		Nodes:       r.Nodes,
		Seconds:     r.Elapsed.Seconds(),
		Board:       r.Board.String(),
		Auto:        r.Auto,
		Reached:     r.Reached,
		Deadline:    r.Deadline,
		Threads:     r.Threads,
		Eval:        eval,
		Ratings:     newRatings(r, inPoints),
		Why:         why,
	}
	data, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
