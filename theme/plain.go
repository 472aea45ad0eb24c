package theme

// plain returns the theme without colour: with no colours in its spec, its
// palette is colourless at every profile, and the game draws tiles with
// borders and numbers only.
func plain() Theme {
	return Theme{
		Name:        "plain",
		Description: "no colour: numbers and borders only",
	}
}
