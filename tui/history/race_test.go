package history

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRaceLine: a game of a race keeps its code through its line and the
// index; a line without one (every line before races) reads as no race;
// a code that is not one is never written nor read.
func TestRaceLine(t *testing.T) {
	g := played(7, 40, byPlayer)
	g.Race = "K7MQ2X"
	line, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(line), `"race":"K7MQ2X"`) {
		t.Errorf("the line of a race's game: %s", line)
	}
	var back Game
	if err := json.Unmarshal(line, &back); err != nil || back.Race != "K7MQ2X" {
		t.Fatalf("decoding %s: race %q, %v", line, back.Race, err)
	}
	x := &Index{Records: []Record{back.Record}}
	x.Records[0].at = place{offset: 0, size: len(line)}
	x.size, x.lines = int64(len(line)+1), 1
	data, err := x.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var y Index
	if err := y.UnmarshalBinary(data); err != nil || y.Records[0].Race != "K7MQ2X" {
		t.Fatalf("the index read back: %+v, %v", y.Records, err)
	}

	old := strings.Replace(string(line), `"race":"K7MQ2X",`, "", 1)
	var before Game
	if err := json.Unmarshal([]byte(old), &before); err != nil || before.Race != "" {
		t.Errorf("a line without a race: race %q, %v", before.Race, err)
	}
	bad := strings.Replace(string(line), `"race":"K7MQ2X"`, `"race":"k7 \u001b[2J"`, 1)
	if err := json.Unmarshal([]byte(bad), &before); err == nil {
		t.Errorf("a line with a bad race code read: %s", bad)
	}
	g.Race = "not a code"
	if _, err := json.Marshal(g); err == nil {
		t.Error("a game with a bad race code written")
	}
}
