package chart

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/term2048/2048/ai/ntuple/curve"
	"github.com/term2048/2048/ai/sim"
)

// TestWriteRuns draws fixed runs in each format and reads the file back: a
// PNG decodes at the size of two panels with the colour of the first run
// in it, an SVG is well-formed XML whose text holds the titles and the
// names of the runs.
func TestWriteRuns(t *testing.T) {
	one := playRun(t, sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 6, Seed: 7, Workers: 2})
	other := playRun(t, sim.Config{Player: sim.Player{Kind: sim.Random}, Games: 6, Seed: 7, Workers: 2})
	empty := sim.Outcome{Config: other.Config, NotStarted: 6}

	for _, c := range []struct {
		ext   string
		runs  []sim.Outcome
		texts []string // in an SVG
	}{
		{".png", []sim.Outcome{one}, nil},
		{".svg", []sim.Outcome{one}, []string{"share of games reaching each tile (95% Wilson intervals)", "scores of 6 games of greedy", "tile", "score", "games", "1.0"}},
		{".svg", []sim.Outcome{one, other}, []string{"scores (box: quartiles; whiskers: 1.5 IQR)", "greedy", "random", "player"}},
		{".png", []sim.Outcome{empty}, nil},
		{".svg", []sim.Outcome{empty}, []string{"scores of 0 games of random"}},
		{".PNG", []sim.Outcome{other, empty}, nil},
	} {
		var b bytes.Buffer
		if err := WriteRuns(&b, c.ext, c.runs); err != nil {
			t.Errorf("WriteRuns(%s, %d runs): %v", c.ext, len(c.runs), err)
			continue
		}
		if strings.EqualFold(c.ext, ".png") {
			checkPNG(t, b.Bytes(), len(c.runs[0].Games) > 0)
		} else {
			checkSVG(t, b.Bytes(), c.texts)
		}
	}
}

// TestWriteRunsFormat refuses an extension it cannot draw.
func TestWriteRunsFormat(t *testing.T) {
	one := playRun(t, sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 2, Seed: 7, Workers: 1})
	for _, ext := range []string{".pdf", ".jpg", ""} {
		if err := WriteRuns(io.Discard, ext, []sim.Outcome{one}); err == nil {
			t.Errorf("WriteRuns(%q) = nil; want an error", ext)
		}
	}
}

// TestGolden compares the SVG of a fixed run, and of the learning curve
// of the hour of training shown in the README, with their golden files.
// With -update it also draws that curve to screenshots/learning-curve.png
// at the root of the module, the README's picture of it.
func TestGolden(t *testing.T) {
	t.Run("runs", func(t *testing.T) {
		one := playRun(t, sim.Config{Player: sim.Player{Kind: sim.Greedy}, Games: 6, Seed: 7, Workers: 2})
		var b bytes.Buffer
		if err := WriteRuns(&b, ".svg", []sim.Outcome{one}); err != nil {
			t.Fatal(err)
		}
		golden.RequireEqual(t, b.String())
	})
	t.Run("curve", func(t *testing.T) {
		var b bytes.Buffer
		if err := WriteCurve(&b, ".svg", hourOfTraining()); err != nil {
			t.Fatal(err)
		}
		golden.RequireEqual(t, b.String())
		if update := flag.Lookup("update"); update != nil && update.Value.String() == "true" {
			var png bytes.Buffer
			if err := WriteCurve(&png, ".png", hourOfTraining()); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join("..", "..", "screenshots", "learning-curve.png"), png.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestWriteCurve draws the learning curve as a PNG and as an SVG, in
// minutes for an hour and in hours past two.
func TestWriteCurve(t *testing.T) {
	var data bytes.Buffer
	if err := WriteCurve(&data, ".png", hourOfTraining()); err != nil {
		t.Fatalf("WriteCurve(.png): %v", err)
	}
	checkPNG(t, data.Bytes(), true)

	long := hourOfTraining()
	for i := range long {
		long[i].Training *= 3
	}
	data.Reset()
	if err := WriteCurve(&data, ".svg", long); err != nil {
		t.Fatalf("WriteCurve(.svg): %v", err)
	}
	checkSVG(t, data.Bytes(), []string{"mean score at one ply", "share of games reaching the tile", "hours of training",
		"2048", "8192", "16384", "120,000", "3.0"})

	// A curve whose last evaluations search 3 plies is drawn from those
	// alone: one ply's scores are another measure. (Their means, a tenth
	// of those of the hour, put the top of the axis at 12,000: it would
	// be at 70,000 with the first three points.)
	deep := hourOfTraining()
	for i := range deep[3:] {
		p := &deep[3+i]
		p.Plies, p.Mean, p.MeanLow, p.MeanHigh = 3, p.Mean/10, p.MeanLow/10, p.MeanHigh/10
	}
	var b bytes.Buffer
	if err := WriteCurve(&b, ".svg", deep); err != nil {
		t.Fatal(err)
	}
	checkSVG(t, b.Bytes(), []string{"mean score at 3 plies", "12,000"})
	if strings.Contains(b.String(), "at one ply") || strings.Contains(b.String(), "70,000") {
		t.Error("the plot of a curve ending at 3 plies draws its points at one ply")
	}
}

// playRun plays the run r.
func playRun(t *testing.T, r sim.Config) sim.Outcome {
	t.Helper()
	o, err := sim.Run(context.Background(), r, nil)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestRoundRange checks the ends and the ticks of axes.
func TestRoundRange(t *testing.T) {
	for _, c := range []struct {
		lo, hi   float64
		most     int
		min, max float64
		labels   string
	}{
		{0, 1, 5, 0, 1, "0.0 0.2 0.4 0.6 0.8 1.0"},
		{0, 111897, 6, 0, 120000, "0 20,000 40,000 60,000 80,000 100,000 120,000"},
		{0, 59.42, 6, 0, 60, "0 10 20 30 40 50 60"},
		{0, 2.97, 6, 0, 3, "0.0 0.5 1.0 1.5 2.0 2.5 3.0"},
		{880, 9680, 6, 0, 10000, "0 2,000 4,000 6,000 8,000 10,000"},
		{0, 24, 6, 0, 25, "0 5 10 15 20 25"},
		{0, 0, 5, 0, 1, "0.0 0.2 0.4 0.6 0.8 1.0"},
	} {
		r := roundRange(c.lo, c.hi, c.most)
		var labels []string
		for _, tick := range r.ticks {
			labels = append(labels, tick.Label)
		}
		got := strings.Join(labels, " ")
		if r.Min != c.min || r.Max != c.max || got != c.labels {
			t.Errorf("roundRange(%v, %v, %d) = [%v, %v] %q; want [%v, %v] %q", c.lo, c.hi, c.most, r.Min, r.Max, got, c.min, c.max, c.labels)
		}
	}
}

// hourOfTraining returns the learning curve of the hour of training that
// the README shows, from the figures of its table (the run's CSV was not
// kept): six evaluations of 1,000 games.
func hourOfTraining() []curve.Point {
	type rate = sim.TileRate
	point := func(minutes float64, mean, half float64, reach ...rate) curve.Point {
		p := curve.Point{Plies: 1, Training: time.Duration(minutes * float64(time.Minute)), Games: 1000,
			Mean: mean, MeanLow: mean - half, MeanHigh: mean + half}
		for i, r := range reach { // no rate of 32768: that curve did not follow it
			r.Tile = curve.Tiles[i]
			p.Reach[i] = r
		}
		return p
	}
	return []curve.Point{
		point(10, 30781, 929, rate{Share: .601, Low: .570, High: .631}, rate{High: .004}, rate{High: .004}),
		point(20, 58418, 1957, rate{Share: .816, Low: .791, High: .839}, rate{Share: .109, Low: .091, High: .130}, rate{High: .004}),
		point(30, 63868, 2477, rate{Share: .792, Low: .766, High: .816}, rate{Share: .173, Low: .151, High: .198}, rate{High: .004}),
		point(40, 97530, 3568, rate{Share: .900, Low: .880, High: .917}, rate{Share: .435, Low: .405, High: .466}, rate{Share: .043, Low: .032, High: .057}),
		point(50, 102872, 3886, rate{Share: .871, Low: .849, High: .890}, rate{Share: .474, Low: .443, High: .505}, rate{Share: .060, Low: .047, High: .076}),
		point(59+25.0/60, 107767, 4130, rate{Share: .898, Low: .878, High: .915}, rate{Share: .478, Low: .447, High: .509}, rate{Share: .075, Low: .060, High: .093}),
	}
}

// checkPNG decodes data as a PNG of two panels, not blank: most of it
// white, and, if drawn says a series is, some of it in the first colour.
func checkPNG(t *testing.T, data []byte, drawn bool) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Errorf("the PNG does not decode: %v", err)
		return
	}
	if got, want := img.Bounds(), image.Rect(0, 0, 2*panelWidth, panelHeight); got != want {
		t.Errorf("the PNG is %v; want %v", got, want)
	}
	white, first := 0, 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			c := seriesColor(0)
			switch {
			case r>>8 == 255 && g>>8 == 255 && b>>8 == 255:
				white++
			case uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(b>>8) == c.B:
				first++
			}
		}
	}
	area := img.Bounds().Dx() * img.Bounds().Dy()
	if white < area/2 || white == area {
		t.Errorf("the PNG has %d white pixels of %d; want most but not all", white, area)
	}
	if drawn && first < 500 {
		t.Errorf("the PNG has %d pixels of the first series' colour; want at least 500", first)
	}
}

// checkSVG parses data as XML with an svg root and checks that its text
// elements hold each of texts.
func checkSVG(t *testing.T, data []byte, texts []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	var root string
	var inText bool
	var found []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Errorf("the SVG is not well-formed XML: %v", err)
			return
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				found = append(found, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
	if root != "svg" {
		t.Errorf("the SVG's root element is %q; want svg", root)
	}
	for _, text := range texts {
		if !slices.Contains(found, text) {
			t.Errorf("the SVG has no text %q; it has %q", text, found)
		}
	}
}
