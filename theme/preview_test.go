package theme_test

import (
	"flag"
	"fmt"
	"image/color"
	"os"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/theme"
)

var preview = flag.Bool("preview", false, "print every theme in colour: go test ./theme -run Preview -preview -v")

// TestPreview prints every theme at every profile in a terminal, for a
// person to look at; it checks nothing and is skipped without -preview.
func TestPreview(t *testing.T) {
	if !*preview {
		t.Skip("pass -preview to print the themes")
	}
	for _, th := range theme.All() {
		for _, p := range colorProfiles {
			// Write as Bubble Tea does: through a writer that downsamples to p.
			w := &colorprofile.Writer{Forward: os.Stdout, Profile: p}
			fmt.Fprintf(w, "\n%s at %v\n", th.Name, p)
			fmt.Fprintln(w, previewBoard(th.Palette(p, true)))
			for _, dark := range []bool{true, false} {
				fmt.Fprintln(w, previewSurround(th.Palette(p, dark), dark))
			}
		}
	}
}

// previewBoard draws the empty cell and the tiles 2 to 32768 side by side
// on the board, in two rows.
func previewBoard(pal theme.Palette) string {
	gap := lipgloss.NewStyle().Background(pal.Board).Width(1).Height(3).Render("")
	var rows []string
	for _, ranks := range [][2]int{{0, 8}, {8, 16}} {
		cells := []string{gap}
		for r := ranks[0]; r < ranks[1]; r++ {
			c := pal.Tile[r]
			label := ""
			if r > 0 {
				label = fmt.Sprint(1 << r)
			}
			s := lipgloss.NewStyle().Width(7).Height(3).
				Align(lipgloss.Center, lipgloss.Center).
				Foreground(c.FG).Background(c.BG).Bold(c.Bold)
			if pal.Colorless {
				s = s.Height(1).Border(lipgloss.RoundedBorder())
			}
			cells = append(cells, s.Render(label), gap)
		}
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, cells...))
	}
	edge := lipgloss.NewStyle().Background(pal.Board).Width(lipgloss.Width(rows[0])).Render("")
	return lipgloss.JoinVertical(lipgloss.Left, edge, rows[0], edge, rows[1], edge)
}

// previewSurround writes the words drawn on the terminal's background in
// their colours, and a highlight mark on the board.
func previewSurround(pal theme.Palette, dark bool) string {
	bg := "light"
	if dark {
		bg = "dark"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  on %-5s ", bg)
	for _, s := range []struct {
		name string
		c    color.Color
	}{{"text", pal.Text}, {"muted", pal.Muted}, {"accent", pal.Accent}, {"good", pal.Good}, {"bad", pal.Bad}, {"bar ████", pal.Bar}} {
		style := lipgloss.NewStyle()
		if s.c != nil {
			style = style.Foreground(s.c)
		}
		b.WriteString(style.Render(s.name) + " ")
	}
	if pal.Highlight != nil {
		b.WriteString(lipgloss.NewStyle().Background(pal.Board).Padding(0, 1).Render(
			lipgloss.NewStyle().Foreground(pal.Highlight).Background(pal.Board).Render("┃highlight┃")))
	}
	return b.String()
}
