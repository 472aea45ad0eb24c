package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // png
	_ "gonum.org/v1/plot/vg/vgpdf" // pdf
	_ "gonum.org/v1/plot/vg/vgsvg" // svg
)

// plotFormats lists the file extensions -plot can write.
func plotFormats() []string { return []string{".png", ".svg", ".pdf"} }

// plotTiles is how many tiles the reach panel shows, the largest reached
// last.
const plotTiles = 9

// writePlot draws runs as an image in the format of the file extension ext
// (see plotFormats): on the left the share of games reaching each tile, with
// 95% Wilson intervals, a line a run; on the right the distribution of the
// scores, a histogram for one run or a box plot a run.
func writePlot(w io.Writer, ext string, runs []sim.Outcome) error {
	reach, err := reachPlot(runs)
	if err != nil {
		return err
	}
	var scores *plot.Plot
	if len(runs) == 1 {
		scores, err = histogramPlot(runs[0])
	} else {
		scores, err = boxPlot(runs)
	}
	if err != nil {
		return err
	}
	const width, height = 12 * vg.Inch, 4.5 * vg.Inch
	img, err := draw.NewFormattedCanvas(width, height, strings.TrimPrefix(strings.ToLower(ext), "."))
	if err != nil {
		return err
	}
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Inch / 2, PadTop: vg.Inch / 8, PadBottom: vg.Inch / 8,
		PadLeft: vg.Inch / 8, PadRight: vg.Inch / 4}
	plots := [][]*plot.Plot{{reach, scores}}
	canvases := plot.Align(plots, tiles, draw.New(img))
	reach.Draw(canvases[0][0])
	scores.Draw(canvases[0][1])
	_, err = img.WriteTo(w)
	return err
}

// reachPoints are the reach rates of a run at x = 0, 1, …: tiles in order.
type reachPoints []sim.TileRate

// Len returns the number of tiles.
func (r reachPoints) Len() int { return len(r) }

// XY returns the place of the i-th tile and the share of games reaching it.
func (r reachPoints) XY(i int) (x, y float64) { return float64(i), r[i].Share }

// YError returns how far below and above the share its interval reaches.
func (r reachPoints) YError(i int) (float64, float64) {
	return r[i].Share - r[i].Low, r[i].High - r[i].Share
}

// reachPlot draws the share of each run's games that reached each of the
// largest tiles reached.
func reachPlot(runs []sim.Outcome) (*plot.Plot, error) {
	top := uint8(1)
	for _, r := range runs {
		rank, _ := engine.RankOf(r.Summary().MaxTile) // a tile of a board: always a rank
		top = max(top, rank)
	}
	low := uint8(max(int(top)-plotTiles+1, 1))
	p := plot.New()
	p.Title.Text = "share of games reaching each tile (95% Wilson intervals)"
	p.X.Label.Text = "tile"
	p.Y.Label.Text = "share of games"
	p.Y.Min, p.Y.Max = 0, 1
	var ticks []plot.Tick
	for rk := low; rk <= top; rk++ {
		ticks = append(ticks, plot.Tick{Value: float64(rk - low), Label: strconv.Itoa(1 << rk)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = -0.5, float64(top-low)+0.5
	p.Legend.Left = true // the lines start at the top left and fall to the right
	for i, r := range runs {
		var pts reachPoints
		for rk := low; rk <= top; rk++ {
			pts = append(pts, sim.Reach(r.Games, rk))
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		bars, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return nil, err
		}
		c := plotutil.Color(i)
		line.Color, points.Color, bars.Color = c, c, c
		points.Shape = plotutil.Shape(i)
		p.Add(line, points, bars)
		if len(runs) > 1 {
			p.Legend.Add(r.Config.Player.String(), line, points)
		}
	}
	p.Add(plotter.NewGrid())
	return p, nil
}

// histogramPlot draws the distribution of the scores of one run.
func histogramPlot(r sim.Outcome) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("scores of %d games of %s", len(r.Games), r.Config.Player)
	p.X.Label.Text = "score"
	p.X.Tick.Marker = scoreTicks{}
	p.Y.Label.Text = "games"
	if len(r.Games) == 0 {
		return p, nil
	}
	h, err := plotter.NewHist(scoreValues(r.Games), min(max(len(r.Games)/4, 5), 40))
	if err != nil {
		return nil, err
	}
	h.FillColor = plotutil.Color(0)
	p.Add(h)
	return p, nil
}

// boxPlot draws the distribution of the scores of each run side by side.
func boxPlot(runs []sim.Outcome) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "scores (box: quartiles; whiskers: 1.5 IQR)"
	p.Y.Label.Text = "score"
	p.Y.Tick.Marker = scoreTicks{}
	var names []string
	for i, r := range runs {
		names = append(names, r.Config.Player.String())
		if len(r.Games) == 0 {
			continue
		}
		b, err := plotter.NewBoxPlot(vg.Points(30), float64(i), scoreValues(r.Games))
		if err != nil {
			return nil, err
		}
		b.FillColor = plotutil.Color(i)
		p.Add(b)
	}
	p.NominalX(names...)
	p.Add(plotter.NewGrid())
	return p, nil
}

// scoreTicks are the default ticks labelled as whole numbers with commas,
// 175,000 rather than 175000.00.
type scoreTicks struct{}

// Ticks returns the ticks between lo and hi.
func (scoreTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = figures.Decimal(ticks[i].Value, 0)
		}
	}
	return ticks
}

// scoreValues returns the scores of games.
func scoreValues(games []sim.Game) plotter.Values {
	v := make(plotter.Values, len(games))
	for i, g := range games {
		v[i] = float64(g.Score)
	}
	return v
}
