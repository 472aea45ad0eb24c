package theme

// plain returns the theme without colour: its palette is always colourless,
// and the game draws tiles with borders and numbers only.
func plain() Theme {
	return Theme{
		Name:        "plain",
		Description: "no colour: numbers and borders only",
		colorless:   true,
	}
}
