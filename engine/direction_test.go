package engine

import (
	"strings"
	"testing"
)

// TestDirectionLetters tries every byte as a move letter: the saved game's
// decoder takes exactly the four letters Letter writes, and ParseDirection
// takes those and their lower case, each as the direction it names.
func TestDirectionLetters(t *testing.T) {
	for i := range 256 {
		c := byte(i)
		want, isLetter := Direction(0), false
		for d := range Direction(NumDirections) {
			if d.Letter() == c {
				want, isLetter = d, true
			}
		}
		if d, ok := directionOfLetter(c); ok != isLetter || ok && d != want {
			t.Errorf("directionOfLetter(%q) = %v, %v; want %v, %v", c, d, ok, want, isLetter)
		}

		s := string([]byte{c})
		upper := strings.ToUpper(s)
		want, isInitial := Direction(0), false
		for d := range Direction(NumDirections) {
			if string(d.Letter()) == upper {
				want, isInitial = d, true
			}
		}
		d, err := ParseDirection(s)
		if (err == nil) != isInitial || isInitial && d != want {
			t.Errorf("ParseDirection(%q) = %v, %v; want %v, accepted %v", s, d, err, want, isInitial)
		}
	}
}
