package sim

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/term2048/2048/engine"
)

// WriteCSV writes one row a game of outcomes, after a header: the seed, the
// score, the largest tile, the moves, the seconds, the evaluations, the
// configuration, and for each tile from 2 to 32768 the move at which it
// first appeared (empty if it never did).
func WriteCSV(w io.Writer, outcomes []Outcome) error {
	cw := csv.NewWriter(w)
	header := []string{"seed", "score", "max_tile", "moves", "seconds", "evaluations", "config"}
	for r := 1; r <= engine.MaxRank; r++ {
		header = append(header, fmt.Sprintf("first_%d", engine.TileValue(uint8(r))))
	}
	cw.Write(header)
	for _, o := range outcomes {
		label := o.Config.Player.String()
		for _, g := range o.Games {
			row := []string{
				strconv.FormatUint(g.Seed, 10), strconv.Itoa(g.Score), strconv.Itoa(g.HighestTile()),
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
