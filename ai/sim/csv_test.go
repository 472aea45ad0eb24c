package sim_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"strconv"
	"testing"

	"github.com/term2048/2048/ai/sim"
)

func TestWriteCSV(t *testing.T) {
	o, err := sim.Run(context.Background(), sim.Config{Player: sim.Player{Kind: sim.Random}, Games: 3, Seed: 5, Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := sim.WriteCSV(&b, []sim.Outcome{o}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatalf("WriteCSV wrote %q, which does not read: %v", b.String(), err)
	}
	if len(rows) != 4 || rows[0][0] != "seed" || rows[0][6] != "config" || rows[0][len(rows[0])-1] != "first_32768" {
		t.Fatalf("WriteCSV = %q; want a header and 3 rows", rows)
	}
	for i, g := range o.Games {
		row := rows[i+1]
		if row[0] != strconv.FormatUint(g.Seed, 10) || row[1] != strconv.Itoa(g.Score) || row[2] != strconv.Itoa(g.HighestTile()) ||
			row[3] != strconv.Itoa(len(g.Moves)) || row[6] != "random" || row[7] != strconv.Itoa(g.First[1]) {
			t.Errorf("row %d = %q; want the game %+v", i+1, row, g)
		}
	}
}
