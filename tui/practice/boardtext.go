package practice

import (
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/playerdata"
)

// nameWidth is the most characters of a name a row of the board of the
// daily puzzle shows; a longer name ends in "…".
const nameWidth = 14

// boardLines says where the player stands on the board of today's daily
// puzzle, once answered on a server, and the board's first rows, and the
// day before's fastest; none before the board is read.
func (s *Session) boardLines() []Line {
	if s.board == nil {
		return nil
	}
	b := s.board.Today
	lines := []Line{standing(b)}
	if len(b.Top) > 0 {
		lines = append(lines, Line{Muted, "Fastest today:"})
		for _, r := range b.Top { // the time first, in a column, whatever the widths of the names
			row := fmt.Sprintf("%2d. %8s  %s", r.Place, seconds(r.Took), shortName(r.Name))
			kind := Muted
			if r.Yours {
				kind, row = Plain, row+" (you)"
			}
			lines = append(lines, Line{kind, row})
		}
	}
	if y := s.board.Yesterday; y.Tried > 0 {
		text := fmt.Sprintf("Yesterday: %s, none right.", figures.Quantity(y.Tried, "player"))
		if len(y.Top) > 0 {
			text = fmt.Sprintf("Yesterday: %s fastest in %s, %d of %d right.", y.Top[0].Name, seconds(y.Top[0].Took), y.Solved, y.Tried)
		}
		lines = append(lines, Line{Muted, text})
	}
	return lines
}

// standing says where the player's first answer to the day's puzzle
// stands: "Right in 4.2 s: 3rd of 12 today."
func standing(b playerdata.PuzzleBoard) Line {
	y := b.Yours
	switch {
	case y.Place > 0:
		return Line{Good, fmt.Sprintf("Right in %s: %s of %d today.", seconds(y.Took), figures.Ordinal(y.Place), b.Tried)}
	case y.Yours:
		return Line{Plain, fmt.Sprintf("Your first answer today was wrong: %d of %d found the move.", b.Solved, b.Tried)}
	}
	return Line{Plain, fmt.Sprintf("%d of %d found the move today.", b.Solved, b.Tried)}
}

// shortName returns name, cut to nameWidth characters.
func shortName(name string) string {
	if utf8.RuneCountInString(name) <= nameWidth {
		return name
	}
	return string([]rune(name)[:nameWidth-1]) + "…"
}

// seconds writes d in seconds, to a tenth: "4.2 s".
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.1f s", d.Seconds())
}
