package tui

// glyphs are the characters the screen draws beyond plain ASCII: Unicode
// (arrows, box lines, bullets), or ASCII stand-ins where the terminal's
// locale does not say UTF-8 (see ASCIILocale).
type glyphs struct {
	ascii bool
}

var (
	unicodeGlyphs = glyphs{}
	asciiGlyphs   = glyphs{ascii: true}
)

// keyLabel returns how the key named name is shown: the arrow keys as
// arrows.
func (g glyphs) keyLabel(name string) string {
	if g.ascii {
		return name
	}
	switch name {
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "left":
		return "←"
	case "right":
		return "→"
	}
	return name
}
