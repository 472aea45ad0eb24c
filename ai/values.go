package ai

import "github.com/term2048/2048/engine"

// MoveValues are the values of the moves of a Result as the commands'
// JSON gives them: the value of each direction, null for an illegal move,
// in the order of the directions.
type MoveValues struct {
	Up    *float64 `json:"up"`
	Down  *float64 `json:"down"`
	Left  *float64 `json:"left"`
	Right *float64 `json:"right"`
}

// MoveValues returns the values of the legal moves of r.
func (r Result) MoveValues() MoveValues {
	var v [engine.NumDirections]*float64
	for d := range v {
		if r.Legal[d] {
			v[d] = &r.Value[d]
		}
	}
	return MoveValues{v[engine.Up], v[engine.Down], v[engine.Left], v[engine.Right]}
}
