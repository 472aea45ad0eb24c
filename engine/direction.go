package engine

import (
	"fmt"
	"strings"
)

// A Direction is one of the four moves. Their order, up, down, left, right,
// is the order in which ties between equally good moves are broken.
type Direction uint8

// The four directions.
const (
	Up Direction = iota
	Down
	Left
	Right
)

// NumDirections is the number of directions; they are 0 to NumDirections-1.
const NumDirections = 4

var directionNames = [NumDirections]string{"up", "down", "left", "right"}

// String returns the lower-case name of d: "up", "down", "left" or "right".
func (d Direction) String() string {
	if d < NumDirections {
		return directionNames[d]
	}
	return fmt.Sprintf("Direction(%d)", uint8(d))
}

// directionLetters are the initials of the directions, in their order.
const directionLetters = "UDLR"

// Letter returns the upper-case initial of d: U, D, L or R.
func (d Direction) Letter() byte {
	if d < NumDirections {
		return directionLetters[d]
	}
	return '?'
}

// Valid reports whether d is one of the four directions.
func (d Direction) Valid() bool { return d < NumDirections }

// directionOfLetter returns the direction whose Letter is c; ok is false
// for any byte but U, D, L and R. It is the one decoder of the move letters:
// saved games use it as it is, ParseDirection after folding the case.
func directionOfLetter(c byte) (d Direction, ok bool) {
	for d := range Direction(NumDirections) {
		if d.Letter() == c {
			return d, true
		}
	}
	return 0, false
}

// ParseDirection returns the direction named by s: its name as String gives
// it or its initial, in either case.
func ParseDirection(s string) (Direction, error) {
	if len(s) == 1 {
		c := s[0]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if d, ok := directionOfLetter(c); ok {
			return d, nil
		}
	}
	for d := range Direction(NumDirections) {
		if strings.EqualFold(s, d.String()) {
			return d, nil
		}
	}
	return 0, fmt.Errorf("unknown direction %q: want up, down, left or right", s)
}
