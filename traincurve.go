package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/regularfile"
)

// An evaluation is a point of the learning curve: how the network played
// at one ply on the evaluation's fixed seeds, after some training.
type evaluation struct {
	Training  time.Duration // the network's training time so far
	Episodes  uint64        // its training games so far
	Moves     uint64        // its training moves so far
	Coherence bool          // in the temporal-coherence phase
	Games     int           // evaluation games
	Mean      float64       // their mean score
	MeanLow   float64       // its 95% interval
	MeanHigh  float64
	Median    float64
	Reach     [len(curveTiles)]sim.TileRate // the rates of curveTiles
}

// curveTiles are the tiles whose reach rates the learning curve follows.
var curveTiles = [...]int{2048, 8192, 16384}

// evalSeed is the seed of the first evaluation game, the same in every
// evaluation so that the points of a curve differ only by the network,
// and far from the seeds of sim's default games.
const evalSeed = 1_000_000

// evaluate plays the evaluation games at one ply with the network, on
// every thread of the run, and adds the point to the curve: written to the
// log and the plot, and printed on stdout. It returns an error if ctx is
// cancelled (the caller checks ctx), the files cannot be written, or the
// score has collapsed.
func (s *session) evaluate(ctx context.Context) error {
	start := time.Now()
	run := sim.Run{
		Player: sim.Player{Kind: sim.Greedy, Eval: ntupleEval, Evaluator: s.trainer.Network()},
		Games:  s.opts.evalGames, Seed: evalSeed, Workers: s.opts.threads,
	}
	s.progress.note(fmt.Sprintf("evaluating on %s %s at one ply…", figures.Count(run.Games), figures.Plural(run.Games, "game")))
	o, err := sim.Play(ctx, run, nil)
	if ctx.Err() != nil {
		return nil
	}
	if err != nil {
		return err
	}
	e := newEvaluation(s.trainer.State(), o.Games)
	best := bestMean(s.curve)
	s.curve = append(s.curve, e)
	s.progress.clear()
	fmt.Fprintf(s.stdout, "%s; %d games at one ply in %v\n", e, e.Games, time.Since(start).Round(100*time.Millisecond))
	if err := writeCurve(s.opts.log, s.curve); err != nil {
		return err
	}
	if s.opts.plot != "" {
		if err := plotCurve(s.opts.plot, s.curve); err != nil {
			return err
		}
	}
	if best > 0 && e.Mean < collapseFraction*best {
		return fmt.Errorf("the mean score fell from %s to %s: training stopped; %s keeps the network of the last checkpoint",
			figures.Decimal(best, 0), figures.Decimal(e.Mean, 0), s.opts.weights)
	}
	return nil
}

// newEvaluation returns the point of a network whose training state is st,
// which played games.
func newEvaluation(st ntuple.State, games []sim.Game) evaluation {
	scores := make([]int, len(games))
	for i, g := range games {
		scores[i] = g.Score
	}
	e := evaluation{Training: st.Elapsed, Episodes: st.Episodes, Moves: st.Moves, Coherence: st.Coherence, Games: len(games)}
	if len(games) > 0 {
		e.Mean, e.Median = sim.Mean(scores), sim.Median(scores)
	}
	e.MeanLow, e.MeanHigh = sim.MeanInterval(scores)
	for i, tile := range curveTiles {
		r, _ := engine.RankOf(tile)
		e.Reach[i] = sim.Reach(games, r)
	}
	return e
}

// String writes the point on one line.
func (e evaluation) String() string {
	s := fmt.Sprintf("after %v, %s games, %s moves: mean %s ± %s (median %s)",
		e.Training.Round(time.Second), figures.Count(e.Episodes), figures.Rate(float64(e.Moves)),
		figures.Decimal(e.Mean, 0), figures.Decimal((e.MeanHigh-e.MeanLow)/2, 0), figures.Decimal(e.Median, 0))
	for _, r := range e.Reach {
		s += fmt.Sprintf(", %d %s [%s, %s]", r.Tile, figures.Percent(r.Share, 1),
			figures.Decimal(100*r.Low, 1), figures.Decimal(100*r.High, 1))
	}
	return s
}

// bestMean returns the highest mean score of the curve, 0 for none.
func bestMean(curve []evaluation) float64 {
	best := 0.0
	for _, e := range curve {
		best = max(best, e.Mean)
	}
	return best
}

// curveHeader is the first row of the learning curve's CSV file.
var curveHeader = []string{"training_seconds", "episodes", "moves", "phase", "games", "mean_score", "mean_low", "mean_high",
	"median_score", "reach_2048", "reach_2048_low", "reach_2048_high", "reach_8192", "reach_8192_low", "reach_8192_high",
	"reach_16384", "reach_16384_low", "reach_16384_high"}

// writeCurve writes the learning curve to path, atomically.
func writeCurve(path string, curve []evaluation) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(curveHeader)
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }
	for _, e := range curve {
		phase := "td"
		if e.Coherence {
			phase = "tc"
		}
		row := []string{f(e.Training.Seconds()), strconv.FormatUint(e.Episodes, 10), strconv.FormatUint(e.Moves, 10), phase,
			strconv.Itoa(e.Games), f(e.Mean), f(e.MeanLow), f(e.MeanHigh), f(e.Median)}
		for _, r := range e.Reach {
			row = append(row, f(r.Share), f(r.Low), f(r.High))
		}
		w.Write(row)
	}
	w.Flush()
	if err := atomicfile.WriteFile(path, b.Bytes(), 0o644, false); err != nil {
		return fmt.Errorf("learning curve: %w", err)
	}
	return nil
}

// readCurve reads the learning curve at path: none if there is no file. A
// file that is not such a curve is an error that says where, so that a
// resumed training never loses or garbles the points of the earlier runs.
func readCurve(path string) ([]evaluation, error) {
	f, err := regularfile.Open(path) // a FIFO or a device would never end
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("learning curve: %w", err)
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("learning curve: %w", err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("learning curve %s: %w", path, err)
	}
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("learning curve %s, line %d: %s; fix or move the file", filepath.Clean(path), line, fmt.Sprintf(format, args...))
	}
	if len(rows) == 0 || !slices.Equal(rows[0], curveHeader) {
		return nil, bad(1, "not the header of a learning curve")
	}
	var curve []evaluation
	for i, row := range rows[1:] {
		e, err := parseEvaluation(row)
		if err != nil {
			return nil, bad(i+2, "%v", err)
		}
		curve = append(curve, e)
	}
	return curve, nil
}

// parseEvaluation reads one row of the curve's CSV file.
func parseEvaluation(row []string) (evaluation, error) {
	var e evaluation
	if len(row) != len(curveHeader) {
		return e, fmt.Errorf("%d fields; want %d", len(row), len(curveHeader))
	}
	nums := make([]float64, len(curveHeader))
	for i, field := range row {
		if i == 3 { // the phase
			if field != "td" && field != "tc" {
				return e, fmt.Errorf("phase %q; want td or tc", field)
			}
			continue
		}
		x, err := strconv.ParseFloat(field, 64)
		if err != nil || x < 0 {
			return e, fmt.Errorf("%s %q is not a number of 0 or more", curveHeader[i], field)
		}
		nums[i] = x
	}
	e.Training = time.Duration(nums[0] * float64(time.Second))
	e.Episodes, e.Moves, e.Coherence = uint64(nums[1]), uint64(nums[2]), row[3] == "tc"
	e.Games, e.Mean, e.MeanLow, e.MeanHigh, e.Median = int(nums[4]), nums[5], nums[6], nums[7], nums[8]
	for i, tile := range curveTiles {
		e.Reach[i] = sim.TileRate{Tile: tile, Share: nums[9+3*i], Low: nums[10+3*i], High: nums[11+3*i]}
		e.Reach[i].Games = int(e.Reach[i].Share*float64(e.Games) + 0.5)
	}
	return e, nil
}
