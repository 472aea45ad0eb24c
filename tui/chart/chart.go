// Package chart draws the charts of the commands' -plot flags: the reach
// rates and the scores of runs of games (2048 sim -plot), and the learning
// curve of a training (2048 train -plot), as PNG or SVG files of two panels
// side by side.
package chart

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-analyze/charts/chartdraw"
	"github.com/go-analyze/charts/chartdraw/drawing"

	"github.com/term2048/2048/tui/figures"
)

// The charts are drawn with chartdraw, which lays out the axes,
// the titles and the text with its embedded font, rasterizes PNG and writes
// SVG. What it lacks is drawn here, each on its own: ticks at round values
// (its own fall at the ends of the data, 97,312 rather than 100,000), error
// bars and box plots (its series are lines, bands and bars), a legend in a
// corner of the canvas (its own sit over the data or in the title's place),
// and two charts side by side in one file (it draws one chart a file).
//
// gonum/plot drew them before, and PDF too; but its package of canvases
// links every backend it has (PDF, LaTeX, EPS) with their fonts, which
// more than doubled what a first build downloads, for every command. No
// maintained library as light writes PDF: an SVG converts to one
// (rsvg-convert -f pdf).

// Formats lists the file extensions a chart can be written in.
func Formats() []string { return []string{".png", ".svg"} }

// CheckName reports a file name whose extension names none of Formats, in
// any case: a chart could not be written to it.
func CheckName(path string) error {
	if !slices.Contains(Formats(), strings.ToLower(filepath.Ext(path))) {
		return fmt.Errorf("want a file name ending in %s", strings.Join(Formats(), ", "))
	}
	return nil
}

// The size of a file of -plot: two panels of panelWidth by panelHeight
// pixels at plotDPI, twice the size of a 12 by 4.5 inch figure on a 96 DPI
// screen, so that the PNG stays sharp on a screen of twice the density.
const (
	panelWidth  = 1152
	panelHeight = 864
	plotDPI     = 192
)

// plotPalette are the colours of the series, one a run or a tile, in order:
// red, green, blue, orange, purple, brown and pink, soft enough for
// several lines with their error bars to stay apart.
var plotPalette = []drawing.Color{
	{R: 241, G: 90, B: 96, A: 255}, {R: 122, G: 195, B: 106, A: 255}, {R: 90, G: 155, B: 212, A: 255},
	{R: 250, G: 167, B: 91, A: 255}, {R: 158, G: 103, B: 171, A: 255}, {R: 206, G: 112, B: 88, A: 255},
	{R: 215, G: 127, B: 180, A: 255},
}

// seriesColor returns the colour of the i-th series, the palette again
// from its start after its last colour.
func seriesColor(i int) drawing.Color { return plotPalette[i%len(plotPalette)] }

// plotRenderer returns chartdraw's renderer for the file extension ext,
// PNG or SVG in any case.
func plotRenderer(ext string) (chartdraw.RendererProvider, error) {
	switch strings.ToLower(ext) {
	case ".png":
		return chartdraw.PNG, nil
	case ".svg":
		return chartdraw.SVG, nil
	}
	return nil, fmt.Errorf("cannot draw a %q file: want %s", ext, strings.Join(Formats(), " or "))
}

// writePanels draws the charts side by side, each panelWidth wide, to w in
// the format of the file extension ext.
func writePanels(w io.Writer, ext string, panels ...chartdraw.Chart) error {
	provider, err := plotRenderer(ext)
	if err != nil {
		return err
	}
	whole := provider(panelWidth*len(panels), panelHeight)
	whole.SetDPI(plotDPI)
	for i, c := range panels {
		at := func(int, int) chartdraw.Renderer { return shiftedRenderer{whole, i * panelWidth} }
		if err := c.Render(at, io.Discard); err != nil {
			return err
		}
	}
	return whole.Save(w)
}

// shiftedRenderer draws on the renderer it holds, dx pixels to the right,
// so that a chart laid out from x = 0 lands in its panel; saving it saves
// nothing, the file being written once every panel is drawn.
type shiftedRenderer struct {
	chartdraw.Renderer
	dx int
}

// MoveTo starts a path at (x, y) of the panel.
func (s shiftedRenderer) MoveTo(x, y int) { s.Renderer.MoveTo(x+s.dx, y) }

// LineTo adds a line to (x, y) of the panel.
func (s shiftedRenderer) LineTo(x, y int) { s.Renderer.LineTo(x+s.dx, y) }

// QuadCurveTo adds a curve through the control point (cx, cy) to (x, y).
func (s shiftedRenderer) QuadCurveTo(cx, cy, x, y int) {
	s.Renderer.QuadCurveTo(cx+s.dx, cy, x+s.dx, y)
}

// ArcTo adds an arc around (cx, cy) of the panel.
func (s shiftedRenderer) ArcTo(cx, cy int, rx, ry, startAngle, delta float64) {
	s.Renderer.ArcTo(cx+s.dx, cy, rx, ry, startAngle, delta)
}

// Circle draws a circle around (x, y) of the panel.
func (s shiftedRenderer) Circle(radius float64, x, y int) { s.Renderer.Circle(radius, x+s.dx, y) }

// Text writes body from (x, y) of the panel.
func (s shiftedRenderer) Text(body string, x, y int) { s.Renderer.Text(body, x+s.dx, y) }

// Save writes nothing: the panels share one file.
func (shiftedRenderer) Save(io.Writer) error { return nil }

// newPanel returns a chart titled title with the axes named xName and
// yName, over the ranges x and y, the y axis on the left with light grid
// lines at its ticks.
func newPanel(title, xName, yName string, x, y axisRange) chartdraw.Chart {
	text := func(size float64) chartdraw.Style {
		return chartdraw.Style{FontStyle: chartdraw.FontStyle{FontSize: size, FontColor: drawing.ColorBlack}}
	}
	ticks := text(9)
	ticks.StrokeColor, ticks.StrokeWidth = drawing.ColorBlack, 1
	return chartdraw.Chart{
		Title: title, TitleStyle: text(11),
		Width: panelWidth, Height: panelHeight, DPI: plotDPI,
		Background: chartdraw.Style{Padding: chartdraw.Box{Top: 90, Left: yNameLeft + 60, Right: 60, Bottom: 20, IsSet: true}},
		XAxis:      chartdraw.XAxis{Name: xName, NameStyle: text(10), Style: ticks, Range: x},
		// The primary y axis of chartdraw stands on the right; the
		// secondary one, unused, would draw an empty axis.
		YAxis: chartdraw.YAxis{Style: ticks, Range: y, AxisType: chartdraw.YAxisSecondary,
			GridMajorStyle: chartdraw.Style{StrokeColor: drawing.Color{R: 225, G: 225, B: 225, A: 255}, StrokeWidth: 1}},
		YAxisSecondary: chartdraw.YAxis{Style: chartdraw.Hidden()},
		Elements:       []chartdraw.Renderable{yAxisName(yName)},
	}
}

// yNameLeft is how far from the left of its panel the name of the y axis
// is written.
const yNameLeft = 30

// yAxisName returns the name of the y axis written upwards, centred on the
// axis at yNameLeft. chartdraw writes the name of an axis on the left
// downwards from the middle of the axis, over the labels of its ticks.
func yAxisName(name string) chartdraw.Renderable {
	return func(r chartdraw.Renderer, box chartdraw.Box, defaults chartdraw.Style) {
		r.SetFont(defaults.GetFont())
		r.SetFontSize(10)
		r.SetFontColor(drawing.ColorBlack)
		b := r.MeasureText(name)
		r.SetTextRotation(-math.Pi / 2)
		r.Text(name, yNameLeft+b.Height(), (box.Top+box.Bottom+b.Width())/2)
		r.ClearTextRotation()
	}
}

// An axisRange is a range of an axis with its own ticks.
type axisRange struct {
	*chartdraw.ContinuousRange
	ticks []chartdraw.Tick
}

// GetTicks returns the ticks of the range: chartdraw asks a range for its
// ticks before it makes its own.
func (a axisRange) GetTicks(chartdraw.ValueFormatter) []chartdraw.Tick { return a.ticks }

// roundRange returns the range from lo to hi, widened to the nearest round
// values, with a tick at each round value: a step of 1, 2, 2.5 or 5 times
// a power of ten, at most most ticks, labelled by figures.Decimal with as
// many decimals as the step has.
func roundRange(lo, hi float64, most int) axisRange {
	if !(hi > lo) {
		hi = lo + 1
	}
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/float64(most))))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if (hi-lo)/(step*m) <= float64(most) {
			step *= m
			break
		}
	}
	decimals := 0
	for d := step; decimals < 3 && math.Abs(d-math.Round(d)) > 1e-9; d *= 10 {
		decimals++
	}
	first, last := math.Floor(lo/step+1e-9), math.Ceil(hi/step-1e-9)
	r := axisRange{ContinuousRange: &chartdraw.ContinuousRange{Min: first * step, Max: last * step}}
	for k := first; k <= last; k++ {
		r.ticks = append(r.ticks, chartdraw.Tick{Value: k * step, Label: figures.Decimal(k*step, decimals)})
	}
	return r
}

// labelledRange returns the range of len(labels) places, at 0, 1, …, with a
// tick labelled by each and half a place to spare on either side.
func labelledRange(labels []string) axisRange {
	r := axisRange{ContinuousRange: &chartdraw.ContinuousRange{Min: -0.5, Max: float64(len(labels)) - 0.5}}
	for i, l := range labels {
		r.ticks = append(r.ticks, chartdraw.Tick{Value: float64(i), Label: l})
	}
	return r
}

// canvasX and canvasY return the pixel of the values x and y in the box of
// a chart's canvas.
func canvasX(box chartdraw.Box, r chartdraw.Range, x float64) int { return box.Left + r.Translate(x) }
func canvasY(box chartdraw.Box, r chartdraw.Range, y float64) int { return box.Bottom - r.Translate(y) }

// An intervalPoint is a measure y at x with its interval from low to high.
type intervalPoint struct{ x, y, low, high float64 }

// intervalSeries is a line through points with a dot at each and a bar
// for its interval, in color.
type intervalSeries struct {
	name   string
	color  drawing.Color
	points []intervalPoint
}

// GetName returns the name of the series for the legend.
func (s intervalSeries) GetName() string { return s.name }

// GetYAxis returns the axis of the series, the only one drawn.
func (intervalSeries) GetYAxis() chartdraw.YAxisType { return chartdraw.YAxisPrimary }

// GetStyle returns the series' style: its colour.
func (s intervalSeries) GetStyle() chartdraw.Style { return chartdraw.Style{StrokeColor: s.color} }

// Validate accepts every series: an empty one draws nothing.
func (intervalSeries) Validate() error { return nil }

// Render draws the line, the error bars and the dots in the canvas box.
func (s intervalSeries) Render(r chartdraw.Renderer, box chartdraw.Box, xr, yr chartdraw.Range, _ chartdraw.Style) {
	r.SetStrokeColor(s.color)
	r.SetStrokeWidth(3)
	r.SetStrokeDashArray(nil)
	for i, p := range s.points {
		if i == 0 {
			r.MoveTo(canvasX(box, xr, p.x), canvasY(box, yr, p.y))
		} else {
			r.LineTo(canvasX(box, xr, p.x), canvasY(box, yr, p.y))
		}
	}
	r.Stroke()
	const cap = 8 // half the width of the bar's ends
	for _, p := range s.points {
		x, low, high := canvasX(box, xr, p.x), canvasY(box, yr, p.low), canvasY(box, yr, p.high)
		r.SetStrokeWidth(2.5)
		r.MoveTo(x, low)
		r.LineTo(x, high)
		r.MoveTo(x-cap, low)
		r.LineTo(x+cap, low)
		r.MoveTo(x-cap, high)
		r.LineTo(x+cap, high)
		r.Stroke()
		r.SetFillColor(s.color)
		r.Circle(6, x, canvasY(box, yr, p.y))
		r.Fill()
	}
}

// A legendEntry is the name of a series and its colour.
type legendEntry struct {
	name  string
	color drawing.Color
}

// legend returns the legend of entries, a dot and a name a line, in the
// top left corner of the canvas or, with bottom, its bottom left corner.
func legend(entries []legendEntry, bottom bool) chartdraw.Renderable {
	return func(r chartdraw.Renderer, box chartdraw.Box, defaults chartdraw.Style) {
		r.SetFont(defaults.GetFont())
		r.SetFontSize(9)
		r.SetFontColor(drawing.ColorBlack)
		height := 0
		for _, e := range entries {
			height = max(height, r.MeasureText(e.name).Height())
		}
		const margin, dot = 24, 7
		line := height * 8 / 5
		top := box.Top + margin
		if bottom {
			top = box.Bottom - margin - len(entries)*line
		}
		for i, e := range entries {
			y := top + i*line
			r.SetFillColor(e.color)
			r.Circle(dot, box.Left+margin+dot, y+height/2)
			r.Fill()
			r.Text(e.name, box.Left+margin+4*dot, y+height)
		}
	}
}

// legendEntries returns the legend of names in the colours of the series.
func legendEntries(names []string) []legendEntry {
	entries := make([]legendEntry, len(names))
	for i, n := range names {
		entries[i] = legendEntry{n, seriesColor(i)}
	}
	return entries
}
