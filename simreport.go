package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// writeSummary prints the report of one run: what was played, the scores,
// the speed, the reach rates and the milestone timeline.
func writeSummary(w io.Writer, r runResult) error {
	var sb strings.Builder
	s := r.summary
	fmt.Fprintf(&sb, "%d %s of %s\n", s.Games, plural(s.Games, "game"), r.run.player.describe())
	fmt.Fprintf(&sb, "seeds %s, %s\n", seedRange(r.run), workersLine(r))
	if stopped := r.interrupted + r.notStarted; stopped > 0 {
		fmt.Fprintf(&sb, "interrupted: %d of %d games finished, %d cut short, %d not started;\n"+
			"long games are more often cut short, so these figures lean towards short games\n",
			s.Games, r.run.games, r.interrupted, r.notStarted)
	}
	if s.Games == 0 {
		sb.WriteString("\nno game finished\n")
		_, err := io.WriteString(w, sb.String())
		return err
	}
	fmt.Fprintf(&sb, "\nscore   mean %s, median %s, max %s (largest tile %d)\n",
		decimal(s.MeanScore, 1), decimal(s.MedianScore, 1), count(uint64(s.MaxScore)), s.MaxTile)
	fmt.Fprintf(&sb, "moves   %s a game, %s a second per worker, %s evaluations a move\n",
		decimal(s.MovesPerGame, 1), decimal(s.MovesPerSecond, 1), decimal(s.EvalsPerMove, 1))
	fmt.Fprintf(&sb, "time    %s a game\n", seconds(s.SecondsPerGame))

	sb.WriteString("\ntile     reached    share   95% interval (Wilson)\n")
	for _, t := range s.Reach {
		fmt.Fprintf(&sb, "%-6d %9s %8s   %s\n", t.Tile, fmt.Sprintf("%d/%d", t.Games, s.Games), percent(t.Share), interval(t))
	}

	sb.WriteString("\nmilestone timeline: the mean move at which each tile first appeared,\nover the games that reached it\n")
	sb.WriteString("tile      mean move    games\n")
	for _, m := range s.Timeline {
		fmt.Fprintf(&sb, "%-6d %12s %8d\n", m.Tile, decimal(m.MeanMove, 1), m.Games)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// seedRange writes the seeds of r's games.
func seedRange(r simRun) string {
	if r.games == 1 {
		return fmt.Sprint(r.seed)
	}
	return fmt.Sprintf("%d to %d", r.seed, r.seed+uint64(r.games)-1)
}

// workersLine says how the games of r were played and how long it took.
func workersLine(r runResult) string {
	w := min(r.run.workers, r.run.games)
	how := ""
	if r.run.player.kind == playerExpectimax {
		how = ", one search thread each"
	}
	return fmt.Sprintf("%d %s%s, %v wall time", w, plural(w, "worker"), how, r.wall.Round(time.Millisecond))
}

// interval writes the 95% interval of a rate in percent: [35.6%, 54.8%].
func interval(t tileRate) string {
	return fmt.Sprintf("[%s, %s]", percent(t.Low), percent(t.High))
}

// seconds writes a duration in seconds with three significant digits.
func seconds(s float64) string {
	if s < 0.01 {
		return fmt.Sprintf("%.2f ms", s*1e3)
	}
	return sig3(s) + " s"
}
