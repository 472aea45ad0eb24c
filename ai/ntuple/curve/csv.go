package curve

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/term2048/2048/ai/sim"
)

// header is the first row of the learning curve's CSV file.
var header = append(slices.Clip(oneHeader), "plies")

// oneHeader is the header of the curves written before evaluations could
// search: every point of such a curve was played at one ply.
var oneHeader = []string{"training_seconds", "episodes", "moves", "phase", "games", "mean_score", "mean_low", "mean_high",
	"median_score", "reach_2048", "reach_2048_low", "reach_2048_high", "reach_8192", "reach_8192_low", "reach_8192_high",
	"reach_16384", "reach_16384_low", "reach_16384_high"}

// Write writes curve to w as CSV: a header, then a row a point, its phase
// "td" or "tc" (temporal coherence), its figures in seconds and shares.
func Write(w io.Writer, curve []Point) error {
	cw := csv.NewWriter(w)
	cw.Write(header)
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }
	for _, p := range curve {
		phase := "td"
		if p.Coherence {
			phase = "tc"
		}
		row := []string{f(p.Training.Seconds()), strconv.FormatUint(p.Episodes, 10), strconv.FormatUint(p.Moves, 10), phase,
			strconv.Itoa(p.Games), f(p.Mean), f(p.MeanLow), f(p.MeanHigh), f(p.Median)}
		for _, r := range p.Reach {
			row = append(row, f(r.Share), f(r.Low), f(r.High))
		}
		cw.Write(append(row, strconv.Itoa(p.Plies)))
	}
	cw.Flush()
	return cw.Error()
}

// Read reads a learning curve that Write wrote, or one written before
// evaluations could search, whose points it reads as played at one ply.
// Input that is not such a curve is an error that gives the line at fault,
// so that a resumed training never loses or garbles the points of the
// earlier runs.
func Read(r io.Reader) ([]Point, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || !slices.Equal(rows[0], header) && !slices.Equal(rows[0], oneHeader) {
		return nil, errors.New("line 1: not the header of a learning curve")
	}
	var curve []Point
	for i, row := range rows[1:] {
		if len(rows[0]) == len(oneHeader) && len(row) == len(oneHeader) {
			row = append(row, "1")
		}
		p, err := parsePoint(row)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+2, err)
		}
		curve = append(curve, p)
	}
	return curve, nil
}

// parsePoint reads one row of the curve's CSV file.
func parsePoint(row []string) (Point, error) {
	var p Point
	if len(row) != len(header) {
		return p, fmt.Errorf("%d fields; want %d", len(row), len(header))
	}
	nums := make([]float64, len(header))
	for i, field := range row {
		if i == len(header)-1 { // the plies
			n, err := strconv.Atoi(field)
			if err != nil || n < 1 {
				return p, fmt.Errorf("plies %q; want a whole number of 1 or more", field)
			}
			p.Plies = n
			continue
		}
		if i == 3 { // the phase
			if field != "td" && field != "tc" {
				return p, fmt.Errorf("phase %q; want td or tc", field)
			}
			continue
		}
		x, err := strconv.ParseFloat(field, 64)
		if err != nil || x < 0 {
			return p, fmt.Errorf("%s %q is not a number of 0 or more", header[i], field)
		}
		nums[i] = x
	}
	p.Training = time.Duration(nums[0] * float64(time.Second))
	p.Episodes, p.Moves, p.Coherence = uint64(nums[1]), uint64(nums[2]), row[3] == "tc"
	p.Games, p.Mean, p.MeanLow, p.MeanHigh, p.Median = int(nums[4]), nums[5], nums[6], nums[7], nums[8]
	for i, tile := range Tiles {
		p.Reach[i] = sim.TileRate{Tile: tile, Share: nums[9+3*i], Low: nums[10+3*i], High: nums[11+3*i]}
		p.Reach[i].Games = int(p.Reach[i].Share*float64(p.Games) + 0.5)
	}
	return p, nil
}
