package chart

import (
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/go-analyze/charts/chartdraw"

	"github.com/term2048/2048/ai/ntuple/curve"
)

// WriteCurve draws the learning curve points to w, in the format of the
// file extension ext: on the left the mean score with its 95% interval, on
// the right the reach rates of curve.Tiles with theirs, both against the
// time of training, of the points played at the depth of the last.
func WriteCurve(w io.Writer, ext string, points []curve.Point) error {
	depth := 1
	if len(points) > 0 {
		depth = points[len(points)-1].Plies
		points = slices.DeleteFunc(slices.Clone(points), func(p curve.Point) bool { return p.Plies != depth })
	}
	unit, unitName := curveUnit(points)
	end := 0.0
	if len(points) > 0 {
		end = float64(points[len(points)-1].Training) / float64(unit)
	}
	x := roundRange(0, end, 6)
	xName := unitName + " of training"

	mean := intervalSeries{color: seriesColor(0), points: curvePoints(points, unit, func(p curve.Point) (y, low, high float64) {
		return p.Mean, p.MeanLow, p.MeanHigh
	})}
	top := 0.0
	for _, p := range mean.points {
		top = max(top, p.high)
	}
	scores := newPanel("mean score at "+curve.Plies(depth), xName, "mean score", x, roundRange(0, top, 6))
	scores.Series = []chartdraw.Series{mean}

	rates := newPanel("share of games reaching the tile", xName, "share of games", x, roundRange(0, 1, 5))
	var names []string
	for i, tile := range curve.Tiles {
		known := slices.DeleteFunc(slices.Clone(points), func(p curve.Point) bool { return !p.Known(i) })
		if len(known) == 0 {
			continue // a rate the curve's evaluations did not follow (see curve.Point.Reach)
		}
		names = append(names, strconv.Itoa(tile))
		rates.Series = append(rates.Series, intervalSeries{color: seriesColor(i),
			points: curvePoints(known, unit, func(p curve.Point) (float64, float64, float64) {
				return p.Reach[i].Share, p.Reach[i].Low, p.Reach[i].High
			})})
	}
	// The lines rise to the right, from below the smallest tile's first rate.
	rates.Elements = append(rates.Elements, legend(legendEntries(names), false))
	return writePanels(w, ext, scores, rates)
}

// curveUnit returns the unit of time of the plot of points and its name:
// hours, or minutes for a curve of less than two hours.
func curveUnit(points []curve.Point) (time.Duration, string) {
	if len(points) > 0 && points[len(points)-1].Training >= 2*time.Hour {
		return time.Hour, "hours"
	}
	return time.Minute, "minutes"
}

// curvePoints returns measure of each point of the curve against its time
// of training, in unit.
func curvePoints(points []curve.Point, unit time.Duration, measure func(curve.Point) (y, low, high float64)) []intervalPoint {
	pts := make([]intervalPoint, len(points))
	for i, p := range points {
		pts[i].x = float64(p.Training) / float64(unit)
		pts[i].y, pts[i].low, pts[i].high = measure(p)
	}
	return pts
}
