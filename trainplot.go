package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/tui/atomicfile"
)

// plotCurve draws the learning curve to path, in the format its extension
// names, atomically: on the left the mean score at one ply with its 95%
// interval, on the right the reach rates of curve.Tiles with theirs, both
// against the hours of training.
func plotCurve(path string, points []curve.Point) error {
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return fmt.Errorf("-plot: %w", err)
	}
	defer f.Abort()
	unit := curveUnit(points)
	scores := newCurvePlot("mean score at one ply", unit)
	scores.Y.Tick.Marker = scoreTicks{}
	err = addCurve(scores, curvePoints(points, unit, func(e curve.Point) (y, low, high float64) {
		return e.Mean, e.MeanLow, e.MeanHigh
	}), 0, "")
	if err != nil {
		return err
	}
	rates := newCurvePlot("share of games reaching the tile", unit)
	rates.Y.Max = 1
	for i, tile := range curve.Tiles {
		pts := curvePoints(points, unit, func(e curve.Point) (float64, float64, float64) {
			return e.Reach[i].Share, e.Reach[i].Low, e.Reach[i].High
		})
		if err := addCurve(rates, pts, i, fmt.Sprint(tile)); err != nil {
			return err
		}
	}
	rates.Legend.Top, rates.Legend.Left = true, true

	const width, height = 12 * vg.Inch, 4.5 * vg.Inch
	img, err := draw.NewFormattedCanvas(width, height, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."))
	if err != nil {
		return err
	}
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Inch / 2, PadTop: vg.Inch / 8, PadBottom: vg.Inch / 8,
		PadLeft: vg.Inch / 8, PadRight: vg.Inch / 4}
	canvases := plot.Align([][]*plot.Plot{{scores, rates}}, tiles, draw.New(img))
	scores.Draw(canvases[0][0])
	rates.Draw(canvases[0][1])
	if _, err := img.WriteTo(f); err != nil {
		return fmt.Errorf("-plot %s: %w", path, err)
	}
	return f.Commit(false)
}

// newCurvePlot returns an empty plot of a measure against the time of
// training, in unit.
func newCurvePlot(title string, unit time.Duration) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "hours of training"
	if unit == time.Minute {
		p.X.Label.Text = "minutes of training"
		p.X.Tick.Marker = scoreTicks{} // whole minutes: 25, not 25.00
	}
	p.X.Min, p.Y.Min = 0, 0
	return p
}

// curveUnit returns the unit of time of the plot of curve: hours, or
// minutes for a curve of less than two hours.
func curveUnit(curve []curve.Point) time.Duration {
	if len(curve) > 0 && curve[len(curve)-1].Training >= 2*time.Hour {
		return time.Hour
	}
	return time.Minute
}

// curveXYs are points of a learning curve with their intervals.
type curveXYs []struct{ x, y, low, high float64 }

// Len returns the number of points.
func (c curveXYs) Len() int { return len(c) }

// XY returns the time and the measure of point i.
func (c curveXYs) XY(i int) (x, y float64) { return c[i].x, c[i].y }

// YError returns how far below and above the measure its interval reaches.
func (c curveXYs) YError(i int) (float64, float64) { return c[i].y - c[i].low, c[i].high - c[i].y }

// curvePoints returns measure of each point of the curve against its time
// of training, in unit.
func curvePoints(curve []curve.Point, unit time.Duration, measure func(curve.Point) (y, low, high float64)) curveXYs {
	pts := make(curveXYs, len(curve))
	for i, e := range curve {
		pts[i].x = float64(e.Training) / float64(unit)
		pts[i].y, pts[i].low, pts[i].high = measure(e)
	}
	return pts
}

// addCurve adds pts to p as a line with points and error bars, in the i-th
// colour, named in the legend if name is not empty.
func addCurve(p *plot.Plot, pts curveXYs, i int, name string) error {
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return err
	}
	bars, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return err
	}
	c := plotutil.Color(i)
	line.Color, points.Color, bars.Color = c, c, c
	points.Shape = draw.CircleGlyph{}
	p.Add(line, points, bars)
	if name != "" {
		p.Legend.Add(name, line, points)
	}
	return nil
}
