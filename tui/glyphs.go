package tui

import "strings"

// toASCII puts an ASCII character of the same width in place of each
// character the screen draws beyond ASCII, so that the layout stays as it
// is. The whole screen goes through it, rather than every place that draws
// choosing its characters: a character added later and missing here is
// caught by a test that renders every screen in ASCII.
var toASCII = strings.NewReplacer(
	"┌", "+", "┐", "+", "└", "+", "┘", "+", "─", "-", "│", "|", // tiles
	"┏", "#", "┓", "#", "┗", "#", "┛", "#", "━", "=", "┃", "#", // the tiles of the last move; the hint's bars
	"╭", ".", "╮", ".", "╰", ".", "╯", ".", "╌", " ", "╎", " ", // empty cells
	"▐", "[", "▌", "]", "▔", "^", "▁", "_", "»", ">", "«", "<", // marks of the last move
	"▲", "^", "▼", "v", "◀", "<", "▶", ">", // the hint's arrow
	"△", "^", "▽", "v", "◁", "<", "▷", ">", // the move played, in the replay
	"✓", "+", "□", "o", // the marks of the verdicts
	"↑", "^", "↓", "v", "←", "<", "→", ">", // moves
	"╸", "-", "·", ".", "•", "*", "…", "~", "×", "x", "—", "-", "−", "-", "≈", "~", "µ", "u",
	"┤", "|", "┼", "+", "┬", "+", "╴", "-", "╶", "-", "▸", ">", // the chart of the scores; the game or setting chosen
	"‹", "<", "›", ">", // the value of a setting, which ← and → change
)

// ASCIILocale reports whether the locale of the environment getenv reads
// (LC_ALL, else LC_CTYPE, else LANG) is not UTF-8: C, POSIX, or a name with
// another character set (en_US.ISO-8859-1, or en_US, whose set is Latin-1).
// Such a terminal would show box lines and arrows as garbage, so the game
// draws in ASCII. With no locale at all it assumes UTF-8, as terminals
// today are.
func ASCIILocale(getenv func(string) string) bool {
	var locale string
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if locale = getenv(name); locale != "" {
			break
		}
	}
	if locale == "" {
		return false
	}
	charset := ""
	if _, after, ok := strings.Cut(locale, "."); ok {
		charset, _, _ = strings.Cut(after, "@")
	}
	charset = strings.ToLower(strings.ReplaceAll(charset, "-", ""))
	return charset != "utf8"
}
