package ai_test

import (
	"encoding/json"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
)

func TestMoveValues(t *testing.T) {
	r := ai.Result{Value: [engine.NumDirections]float64{1.5, 0, 3, 0}}
	r.Legal[engine.Up], r.Legal[engine.Left] = true, true
	data, err := json.Marshal(r.MoveValues())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), `{"up":1.5,"down":null,"left":3,"right":null}`; got != want {
		t.Errorf("MoveValues() = %s; want %s", got, want)
	}
}
