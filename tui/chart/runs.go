package chart

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/go-analyze/charts/chartdraw"
	"github.com/go-analyze/charts/chartdraw/drawing"

	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
)

// plotTiles is how many tiles the reach panel shows, the largest reached
// last.
const plotTiles = 9

// WriteRuns draws runs as an image in the format of the file extension ext
// (see Formats): on the left the share of games reaching each tile, with
// 95% Wilson intervals, a line a run; on the right the distribution of the
// scores, a histogram for one run or a box plot a run.
func WriteRuns(w io.Writer, ext string, runs []sim.Outcome) error {
	scores := boxPanel(runs)
	if len(runs) == 1 {
		scores = histogramPanel(runs[0])
	}
	return writePanels(w, ext, reachPanel(runs), scores)
}

// reachPanel draws the share of each run's games that reached each of the
// largest tiles reached.
func reachPanel(runs []sim.Outcome) chartdraw.Chart {
	top := uint8(1)
	for _, r := range runs {
		rank, _ := engine.RankOf(r.Summary().MaxTile) // a tile of a board: always a rank
		top = max(top, rank)
	}
	low := uint8(max(int(top)-plotTiles+1, 1))
	var tiles []string
	for rk := low; rk <= top; rk++ {
		tiles = append(tiles, strconv.Itoa(1<<rk))
	}
	c := newPanel("share of games reaching each tile (95% Wilson intervals)", "tile", "share of games",
		labelledRange(tiles), roundRange(0, 1, 5))
	var names []string
	for i, r := range runs {
		s := intervalSeries{color: seriesColor(i)}
		for rk := low; rk <= top; rk++ {
			t := sim.Reach(r.Games, rk)
			s.points = append(s.points, intervalPoint{float64(rk - low), t.Share, t.Low, t.High})
		}
		c.Series = append(c.Series, s)
		names = append(names, r.Config.Player.String())
	}
	if len(runs) > 1 {
		// The lines start at the top left and fall to the right.
		c.Elements = append(c.Elements, legend(legendEntries(names), true))
	}
	return c
}

// histogramPanel draws the distribution of the scores of one run.
func histogramPanel(r sim.Outcome) chartdraw.Chart {
	scores := scoreValues(r.Games)
	lo, hi := 0.0, 0.0
	if len(scores) > 0 {
		lo, hi = slices.Min(scores), slices.Max(scores)
	}
	bins := make([]int, min(max(len(scores)/4, 5), 40))
	width := max(hi-lo, 10) / float64(len(bins))
	for _, s := range scores {
		bins[min(int((s-lo)/width), len(bins)-1)]++
	}
	x := roundRange(lo, lo+width*float64(len(bins)), 6)
	y := roundRange(0, float64(max(slices.Max(bins), 1)), 6)
	c := newPanel(fmt.Sprintf("scores of %d games of %s", len(r.Games), r.Config.Player), "score", "games", x, y)
	c.Series = []chartdraw.Series{histogramSeries{color: seriesColor(0), from: lo, width: width, counts: bins}}
	return c
}

// boxPanel draws the distribution of the scores of each run side by side.
func boxPanel(runs []sim.Outcome) chartdraw.Chart {
	var names []string
	hi := 0.0
	for _, r := range runs {
		names = append(names, r.Config.Player.String())
		for _, g := range r.Games {
			hi = max(hi, float64(g.Score))
		}
	}
	c := newPanel("scores (box: quartiles; whiskers: 1.5 IQR)", "player", "score", labelledRange(names), roundRange(0, hi, 6))
	for i, r := range runs {
		c.Series = append(c.Series, boxSeries{x: float64(i), color: seriesColor(i), scores: scoreValues(r.Games)})
	}
	return c
}

// scoreValues returns the scores of games.
func scoreValues(games []sim.Game) []float64 {
	v := make([]float64, len(games))
	for i, g := range games {
		v[i] = float64(g.Score)
	}
	return v
}

// histogramSeries draws counts as bars, the i-th from from+i×width to the
// next, filled with color.
type histogramSeries struct {
	color       drawing.Color
	from, width float64
	counts      []int
}

// GetName returns no name: the histogram has no legend.
func (histogramSeries) GetName() string { return "" }

// GetYAxis returns the axis of the series, the only one drawn.
func (histogramSeries) GetYAxis() chartdraw.YAxisType { return chartdraw.YAxisPrimary }

// GetStyle returns the series' style: its colour.
func (h histogramSeries) GetStyle() chartdraw.Style { return chartdraw.Style{FillColor: h.color} }

// Validate accepts every series: an empty one draws nothing.
func (histogramSeries) Validate() error { return nil }

// Render draws the bars in the canvas box, each outlined in white so that
// neighbours of the same height stay apart.
func (h histogramSeries) Render(r chartdraw.Renderer, box chartdraw.Box, xr, yr chartdraw.Range, _ chartdraw.Style) {
	r.SetFillColor(h.color)
	r.SetStrokeColor(drawing.ColorWhite)
	r.SetStrokeWidth(1.5)
	for i, n := range h.counts {
		if n == 0 {
			continue
		}
		left := canvasX(box, xr, h.from+float64(i)*h.width)
		right := canvasX(box, xr, h.from+float64(i+1)*h.width)
		top, bottom := canvasY(box, yr, float64(n)), canvasY(box, yr, 0)
		r.MoveTo(left, bottom)
		r.LineTo(left, top)
		r.LineTo(right, top)
		r.LineTo(right, bottom)
		r.Close()
		r.FillStroke()
	}
}

// boxSeries draws the distribution of scores at x as a box plot, in
// color: the box from the first to the third quartile with a line at the
// median, whiskers to the farthest scores within 1.5 times the box's
// height, and a circle for each score beyond.
type boxSeries struct {
	x      float64
	color  drawing.Color
	scores []float64
}

// GetName returns no name: the boxes are named on the x axis.
func (boxSeries) GetName() string { return "" }

// GetYAxis returns the axis of the series, the only one drawn.
func (boxSeries) GetYAxis() chartdraw.YAxisType { return chartdraw.YAxisPrimary }

// GetStyle returns the series' style: its colour.
func (b boxSeries) GetStyle() chartdraw.Style { return chartdraw.Style{FillColor: b.color} }

// Validate accepts every series: an empty one draws nothing.
func (boxSeries) Validate() error { return nil }

// Render draws the box plot in the canvas box, a third of a place wide.
func (b boxSeries) Render(r chartdraw.Renderer, box chartdraw.Box, xr, yr chartdraw.Range, _ chartdraw.Style) {
	if len(b.scores) == 0 {
		return
	}
	s := slices.Sorted(slices.Values(b.scores))
	q1, median, q3 := sim.Quantile(s, 0.25), sim.Quantile(s, 0.5), sim.Quantile(s, 0.75)
	fence := 1.5 * (q3 - q1)
	lowest, highest := q1, q3
	for _, v := range s {
		if v >= q1-fence && v <= q3+fence {
			lowest, highest = min(lowest, v), max(highest, v)
		}
	}
	left, mid, right := canvasX(box, xr, b.x-1.0/6), canvasX(box, xr, b.x), canvasX(box, xr, b.x+1.0/6)
	y := func(v float64) int { return canvasY(box, yr, v) }

	r.SetStrokeColor(drawing.ColorBlack)
	r.SetStrokeWidth(2)
	for _, whisker := range [][2]float64{{q1, lowest}, {q3, highest}} {
		r.MoveTo(mid, y(whisker[0]))
		r.LineTo(mid, y(whisker[1]))
		r.MoveTo((left+mid)/2, y(whisker[1]))
		r.LineTo((mid+right)/2, y(whisker[1]))
	}
	r.Stroke()
	r.SetFillColor(b.color)
	r.MoveTo(left, y(q1))
	r.LineTo(left, y(q3))
	r.LineTo(right, y(q3))
	r.LineTo(right, y(q1))
	r.Close()
	r.FillStroke()
	r.MoveTo(left, y(median))
	r.LineTo(right, y(median))
	r.Stroke()
	r.SetFillColor(drawing.ColorTransparent)
	for _, v := range s {
		if v < lowest || v > highest {
			r.Circle(6, mid, y(v))
			r.Stroke()
		}
	}
}
