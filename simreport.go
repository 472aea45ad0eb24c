package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/figures"
)

// writeSummary prints the report of one run: what was played, the scores,
// the speed, the reach rates and the milestone timeline.
func writeSummary(w io.Writer, o sim.Outcome) error {
	var sb strings.Builder
	s := o.Summary()
	fmt.Fprintf(&sb, "%d %s of %s\n", s.Games, figures.Plural(s.Games, "game"), describe(o.Config.Player))
	fmt.Fprintf(&sb, "seeds %s, %s, %s wall time\n", seedRange(o.Config), workersLine(o.Config), figures.Duration(o.Wall))
	if stopped := o.Interrupted + o.NotStarted; stopped > 0 {
		fmt.Fprintf(&sb, "interrupted: %d of %d games finished, %d cut short, %d not started;\n"+
			"long games are more often cut short, so these figures lean towards short games\n",
			s.Games, o.Config.Games, o.Interrupted, o.NotStarted)
	}
	if s.Games == 0 {
		sb.WriteString("\nno game finished\n")
		_, err := io.WriteString(w, sb.String())
		return err
	}
	fmt.Fprintf(&sb, "\nscore   mean %s, median %s, max %s (largest tile %d)\n",
		figures.Decimal(s.MeanScore, 1), figures.Decimal(s.MedianScore, 1), figures.Count(s.MaxScore), s.MaxTile)
	fmt.Fprintf(&sb, "moves   %s a game, %s a second per worker, %s evaluations a move\n",
		figures.Decimal(s.MovesPerGame, 1), figures.Decimal(s.MovesPerSecond, 1), figures.Decimal(s.EvalsPerMove, 1))
	fmt.Fprintf(&sb, "time    %s a game\n", seconds(s.SecondsPerGame))

	sb.WriteString("\ntile     reached    share   95% interval (Wilson)\n")
	for _, t := range s.Reach {
		fmt.Fprintf(&sb, "%-6d %9s %8s   [%s, %s]\n", t.Tile, fmt.Sprintf("%d/%d", t.Games, s.Games),
			figures.Percent(t.Share, 1), figures.Percent(t.Low, 1), figures.Percent(t.High, 1))
	}

	sb.WriteString("\nmilestone timeline: the mean move at which each tile first appeared,\nover the games that reached it\n")
	sb.WriteString("tile      mean move    games\n")
	for _, m := range s.Timeline {
		fmt.Fprintf(&sb, "%-6d %12s %8d\n", m.Tile, figures.Decimal(m.MeanMove, 1), m.Games)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// describe says in words what the player does, for the head of a report.
func describe(p sim.Player) string {
	switch p.Kind {
	case sim.Expectimax:
		effort, cutoff := "auto depth (nneonneo's rule)", ai.DefaultCutoff
		if p.EvalName() == ntuple.EvaluatorName { // see ntuple.Network.AutoDepth
			effort, cutoff = fmt.Sprintf("auto depth (the network's rule: %s, %s from %d distinct tiles)",
				figures.Plies(ntuple.AutoPlies), figures.Plies(ntuple.LatePlies), ntuple.LateTiles), ntuple.SearchCutoff
		}
		if p.Depth != ai.Auto {
			effort = figures.Plies(p.Depth)
		}
		if p.Time > 0 {
			effort = fmt.Sprintf("iterative deepening within %v a move", p.Time)
			if p.Depth != ai.Auto {
				effort += ", at most " + figures.Plies(p.Depth)
			}
		}
		switch {
		case p.Cutoff < 0:
			return fmt.Sprintf("expectimax, %s, eval %s, no cut-off", effort, p.EvalName())
		case p.Cutoff > 0:
			cutoff = p.Cutoff
		}
		return fmt.Sprintf("expectimax, %s, eval %s, cut-off %g", effort, p.EvalName(), cutoff)
	case sim.Minimax:
		return fmt.Sprintf("minimax, %s, eval %s", figures.Plies(p.SearchDepth()), p.EvalName())
	case sim.Greedy:
		return fmt.Sprintf("greedy (one move ahead), eval %s", p.EvalName())
	}
	return "random legal moves"
}

// seedRange writes the seeds of r's games.
func seedRange(r sim.Config) string {
	if r.Games == 1 {
		return fmt.Sprint(r.Seed)
	}
	return fmt.Sprintf("%d to %d", r.Seed, r.Seed+uint64(r.Games)-1)
}

// workersLine says how the games of r are played.
func workersLine(r sim.Config) string {
	w := r.ActiveWorkers()
	how := ""
	if r.Player.Kind == sim.Expectimax {
		how = ", one search thread each"
	}
	return fmt.Sprintf("%d %s%s", w, figures.Plural(w, "worker"), how)
}

// seconds writes a time in seconds briefly (see figures.Duration).
func seconds(s float64) string { return figures.Duration(time.Duration(s * float64(time.Second))) }
