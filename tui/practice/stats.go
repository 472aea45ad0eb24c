package practice

import (
	"fmt"
	"strings"
	"time"

	"github.com/term2048/2048/tui/practice/deck"
)

// trendPoints is how many of the latest ratings the trend of StatsText
// draws.
const trendPoints = 20

// sparks are the bars of the trend, from the lowest rating to the highest.
var sparks = []rune("▁▂▃▄▅▆▇█")

// StatsText says the player's practice in a line, for the statistics: the
// rating, the puzzles tried and due at now, and the trend of the rating
// over the last rated attempts, as bars; "" for a practice never tried.
func StatsText(d *deck.Deck, now time.Time) string {
	if d == nil || len(d.Trend) == 0 {
		return ""
	}
	tried := 0
	for i := range d.Puzzles {
		if !d.Puzzles[i].New() {
			tried++
		}
	}
	text := fmt.Sprintf("rated %s · %d of %d puzzles tried", ratingText(d.PlayerRating()), tried, len(d.Puzzles))
	if due := d.Due(now); due > 0 {
		text += fmt.Sprintf(" · %d due", due)
	}
	points := d.Trend[max(len(d.Trend)-trendPoints, 0):]
	if len(points) < 2 {
		return text
	}
	lo, hi := points[0].Rating, points[0].Rating
	for _, p := range points {
		lo, hi = min(lo, p.Rating), max(hi, p.Rating)
	}
	var bars strings.Builder
	for _, p := range points {
		i := 0
		if hi > lo {
			i = int((p.Rating - lo) / (hi - lo) * float64(len(sparks)-1))
		}
		bars.WriteRune(sparks[i])
	}
	change := points[len(points)-1].Rating - points[0].Rating
	return text + fmt.Sprintf(" · trend %s %+.0f over the last %d", bars.String(), change, len(points))
}
