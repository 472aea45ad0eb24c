package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
)

// compareReachColumns is how many tiles the reach table of -compare shows
// at least: the largest tiles any configuration reached. It shows every
// tile from 1024, as the summary does, if there are more.
const compareReachColumns = 4

// writeCompare prints outcomes side by side: a row a configuration with its
// scores and speed, then a table of the share of games reaching each of the
// largest tiles any run reached (from 1024, or the four largest), with 95%
// Wilson intervals. planned is the number of configurations asked for; an
// interruption leaves fewer runs.
func writeCompare(w io.Writer, runs []sim.Outcome, planned int) error {
	var sb strings.Builder
	first := runs[0].Config
	fmt.Fprintf(&sb, "%d games a configuration, seeds %s, %s\n", first.Games, seedRange(first), compareWorkers(first))
	for _, r := range runs {
		if stopped := r.Interrupted + r.NotStarted; stopped > 0 {
			fmt.Fprintf(&sb, "interrupted: %s finished %d of %d games (%d cut short); its figures lean towards short games\n",
				r.Config.Player, len(r.Games), r.Config.Games, r.Interrupted)
		}
	}
	if len(runs) < planned {
		fmt.Fprintf(&sb, "only %d of the %d configurations were played\n", len(runs), planned)
	}

	width := len("player")
	for _, r := range runs {
		width = max(width, len(r.Config.Player.String()))
	}
	fmt.Fprintf(&sb, "\n%-*s %6s %11s %9s %8s %6s %10s %9s %10s %9s\n", width,
		"player", "games", "mean score", "median", "max", "tile", "moves/game", "moves/s", "evals/move", "time/game")
	top := uint8(0)
	for _, r := range runs {
		s := r.Summary()
		fmt.Fprintf(&sb, "%-*s %6d %11s %9s %8s %6d %10s %9s %10s %9s\n", width,
			r.Config.Player, s.Games, figures.Decimal(s.MeanScore, 1), figures.Decimal(s.MedianScore, 1), figures.Count(s.MaxScore),
			s.MaxTile, figures.Decimal(s.MovesPerGame, 1), figures.Decimal(s.MovesPerSecond, 0), figures.Decimal(s.EvalsPerMove, 1),
			seconds(s.SecondsPerGame))
		rank, _ := engine.RankOf(s.MaxTile) // a tile of a board: always a rank
		top = max(top, rank)
	}
	if top == 0 {
		_, err := io.WriteString(w, sb.String())
		return err
	}
	low := max(min(int(top)-compareReachColumns+1, sim.MinReachRank), 1)
	sb.WriteString("\nshare of games reaching each tile, with 95% Wilson score intervals\n")
	line := fmt.Sprintf("%-*s", width, "player")
	for rk := low; rk <= int(top); rk++ {
		line += fmt.Sprintf("  %-20d", engine.TileValue(uint8(rk)))
	}
	sb.WriteString(strings.TrimRight(line, " ") + "\n")
	for _, r := range runs {
		line := fmt.Sprintf("%-*s", width, r.Config.Player)
		for rk := low; rk <= int(top); rk++ {
			t := sim.Reach(r.Games, uint8(rk))
			line += fmt.Sprintf("  %-20s", figures.Percent(t.Share, 1)+" "+shortInterval(t))
		}
		sb.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// compareWorkers says how the games of each configuration were played.
func compareWorkers(r sim.Config) string {
	w := r.ActiveWorkers()
	return fmt.Sprintf("%d %s, one search thread each", w, figures.Plural(w, "worker"))
}

// shortInterval writes a 95% interval in percent without the signs:
// [35.6–54.8].
func shortInterval(t sim.TileRate) string {
	return fmt.Sprintf("[%.1f–%.1f]", 100*t.Low, 100*t.High)
}
