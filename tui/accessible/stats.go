package accessible

import (
	"fmt"

	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/history"
)

// statsLines says the player's statistics, as the statistics screen
// counts them (see history.Summary), a figure a line.
func statsLines(s history.Summary) []string {
	if s.Games == 0 && s.SetUp.Games == 0 {
		return []string{"Statistics: no game finished yet. A game counts once it is over, or left for another."}
	}
	lines := []string{fmt.Sprintf("Statistics: %s from a fresh start, %s made 2048.", figures.Quantity(s.Games, "game"), figures.Count(s.Won))}
	if s.Games > 0 {
		lines = append(lines, fmt.Sprintf("Best score %s; highest tile %d.", figures.Count(s.BestScore), s.HighestTile))
	}
	if g := s.Recorded; g.Games > 0 {
		lines = append(lines, fmt.Sprintf("In the history (%s): mean score %s, median %s.",
			figures.Quantity(g.Games, "game"), figures.Count(int(g.MeanScore)), figures.Count(int(g.MedianScore))))
	}
	if g := s.Own; g.Games > 0 {
		lines = append(lines, fmt.Sprintf("By hand alone: %s, best score %s, %s made 2048.",
			figures.Quantity(g.Games, "game"), figures.Count(g.BestScore), figures.Count(g.Won)))
	}
	if s.Hinted > 0 || s.Autoplayed > 0 {
		lines = append(lines, fmt.Sprintf("With hints: %s; with autoplay: %s.",
			figures.Quantity(s.Hinted, "game"), figures.Quantity(s.Autoplayed, "game")))
	}
	for r := engine.WinRank; r <= engine.MaxRank && s.Reached[r] > 0; r++ {
		lines = append(lines, fmt.Sprintf("%d reached in %s.", engine.TileValue(uint8(r)), figures.Quantity(s.Reached[r], "game")))
	}
	if s.SetUp.Games > 0 {
		lines = append(lines, fmt.Sprintf("Games from a position set up, kept apart: %s, best score %s.",
			figures.Quantity(s.SetUp.Games, "game"), figures.Count(s.SetUp.BestScore)))
	}
	return lines
}
