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

// header is the first row of the learning curve's CSV file: the columns of
// the older curves first, in their places, then the rate of 32768.
var header = append(slices.Clip(pliesHeader), "reach_32768", "reach_32768_low", "reach_32768_high")

// late is the index in Tiles of 32768, whose rate comes after the plies,
// and which the older curves lack.
const late = len(Tiles) - 1

// pliesHeader is the header of the curves written before the rate of 32768
// was followed: they have no rate for it.
var pliesHeader = append(slices.Clip(oneHeader), "plies")

// oneHeader is the header of the curves written before evaluations could
// search: every point of such a curve was played at one ply.
var oneHeader = []string{"training_seconds", "episodes", "moves", "phase", "games", "mean_score", "mean_low", "mean_high",
	"median_score", "reach_2048", "reach_2048_low", "reach_2048_high", "reach_8192", "reach_8192_low", "reach_8192_high",
	"reach_16384", "reach_16384_low", "reach_16384_high"}

// Write writes curve to w as CSV: a header, then a row a point, its phase
// "td" or "tc" (temporal coherence), its figures in seconds and shares; the
// rate of 32768 of a point that has none (see Point.Reach) is left empty.
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
		for _, r := range p.Reach[:late] {
			row = append(row, f(r.Share), f(r.Low), f(r.High))
		}
		row = append(row, strconv.Itoa(p.Plies))
		if r := p.Reach[late]; p.Known(late) {
			row = append(row, f(r.Share), f(r.Low), f(r.High))
		} else {
			row = append(row, "", "", "")
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// Read reads a learning curve that Write wrote, or one written before
// evaluations could search, whose points it reads as played at one ply, or
// before the rate of 32768 was followed, whose points have none (see
// Point.Reach). Input that is not such a curve is an error that gives the line at fault,
// so that a resumed training never loses or garbles the points of the
// earlier runs.
func Read(r io.Reader) ([]Point, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || !slices.ContainsFunc([][]string{header, pliesHeader, oneHeader}, func(h []string) bool { return slices.Equal(rows[0], h) }) {
		return nil, errors.New("line 1: not the header of a learning curve")
	}
	var curve []Point
	for i, row := range rows[1:] {
		if len(rows[0]) == len(oneHeader) && len(row) == len(oneHeader) {
			row = append(row, "1")
		}
		if len(rows[0]) < len(header) && len(row) == len(pliesHeader) {
			row = append(row, "", "", "")
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
	known := slices.ContainsFunc(row[len(pliesHeader):], func(f string) bool { return f != "" })
	nums := make([]float64, len(header))
	for i, field := range row {
		if i >= len(pliesHeader) && !known {
			continue // no rate of 32768
		}
		if i == len(pliesHeader)-1 { // the plies
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
		at := 9 + 3*i // the first rates, then the plies, then 32768's
		if i == late {
			if !known {
				break
			}
			at++
		}
		p.Reach[i] = sim.TileRate{Tile: tile, Share: nums[at], Low: nums[at+1], High: nums[at+2]}
		p.Reach[i].Games = int(p.Reach[i].Share*float64(p.Games) + 0.5)
	}
	return p, nil
}
