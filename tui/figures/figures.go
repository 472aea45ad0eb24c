// Package figures writes numbers for people, one way for the whole program:
// the game's panel and the commands' reports write a count, a rate, a
// duration, a share or a depth alike.
//
// Counts and plurals come from github.com/dustin/go-humanize (already in the
// build through bubbles). Its other writers do not fit, so this package has
// its own: humanize's decimals are truncated rather than rounded
// (CommafWithDigits(75313.96, 1) is 75,313.9) and its SI prefixes take a
// fixed number of decimals with the zeros dropped, where a rate here keeps
// three significant digits (40.0 M, 12.3 k) so that a column of rates lines
// up.
package figures

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/dustin/go-humanize/english"
)

// Count writes n with commas between groups of three digits: 1,234,567.
func Count[T ~int | ~int64 | ~uint64](n T) string {
	if uint64(n) > 1<<63-1 && n > 0 { // a uint64 past int64
		return humanize.Comma(int64(n/1000)) + "," + fmt.Sprintf("%03d", uint64(n)%1000)
	}
	return humanize.Comma(int64(n))
}

// Decimal writes x rounded to prec digits after the point, with commas
// between groups of three digits before it: 12,345.6.
func Decimal(x float64, prec int) string {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return sign + s // too large for commas
	}
	if frac != "" {
		frac = "." + frac
	}
	return sign + humanize.Comma(n) + frac
}

// Rate writes a count a second x ≥ 0: a whole number under a thousand,
// else three significant digits and an SI prefix after a space: 0, 950,
// 12.3 k, 45.6 M, 1.20 G. A unit follows without a space: Rate(x) + "/s" or
// Rate(x) + " evals/s".
func Rate(x float64) string {
	for _, u := range []struct {
		scale  float64
		prefix string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if x >= u.scale*0.9995 {
			return sig3(x/u.scale) + " " + u.prefix
		}
	}
	return strconv.FormatFloat(x, 'f', 0, 64)
}

// sig3 writes x ≥ 0 with three significant digits, or as a whole number
// from 100: 1.23, 12.3, 123, 1234.
func sig3(x float64) string {
	switch {
	case x >= 99.95:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x >= 9.995:
		return strconv.FormatFloat(x, 'f', 1, 64)
	default:
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
}

// Duration writes d briefly, in µs, ms or s with up to three significant
// digits and no trailing zeros: 5 µs, 12 ms, 1.51 ms, 190 ms, 43.6 s.
func Duration(d time.Duration) string {
	unit, scale := "s", float64(time.Second)
	switch {
	case d < time.Millisecond:
		unit, scale = "µs", float64(time.Microsecond)
	case d < time.Second:
		unit, scale = "ms", float64(time.Millisecond)
	}
	s := sig3(float64(d) / scale)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s + " " + unit
}

// Percent writes a share from 0 to 1 as a percentage with prec decimals:
// Percent(0.98, 1) is 98.0%.
func Percent(p float64, prec int) string {
	return strconv.FormatFloat(100*p, 'f', prec, 64) + "%"
}

// ShortPercent writes a fraction as a short percentage, with the precision
// its size calls for: 12%, 3.4%, 0.56%, 0.007%, or ≈0 below a thousandth of
// a percent. It cuts the digits it leaves out rather than rounding them,
// so a loss under a threshold of the review's verdicts (0.1%, 1%, 5%)
// never reads as the threshold itself: 0.0996% is 0.09%, not 0.10%.
func ShortPercent(f float64) string {
	p := f * 100
	for _, c := range []struct {
		from   float64
		digits int
	}{{10, 0}, {1, 1}, {0.01, 2}, {0.001, 3}} {
		if p >= c.from {
			return strconv.FormatFloat(cut(p, c.digits), 'f', c.digits, 64) + "%"
		}
	}
	return "≈0"
}

// cut cuts x to digits decimals, toward zero. A product that falls a hair
// under a whole number only because of its binary rounding (0.1·100) is
// taken as the whole number.
func cut(x float64, digits int) float64 {
	scale := math.Pow10(digits)
	return math.Floor(x*scale+1e-9) / scale
}

// Plies writes a depth of search: 1 ply, 3 plies.
func Plies(n int) string { return english.Plural(n, "ply", "plies") }

// Plural returns word for one, else its plural: game, games.
func Plural(n int, word string) string { return english.PluralWord(n, word, "") }

// Quantity writes n (as Count does) and word, in the plural unless n is 1:
// 1 game, 1,234 moves.
func Quantity(n int, word string) string { return Count(n) + " " + Plural(n, word) }

// PointsLoss writes a loss in points in at most six columns, as the
// player's score is written: −2,400, −48k, −1.2M; "≈0" under a point.
func PointsLoss(p float64) string {
	switch {
	case p < 1:
		return "≈0"
	case p < 10_000:
		return "−" + Count(int(p))
	case p < 1_000_000:
		return "−" + strconv.Itoa(int(p/1000)) + "k"
	}
	return "−" + strconv.FormatFloat(math.Floor(p/100_000)/10, 'f', -1, 64) + "M"
}

// Ordinal writes n as a place: 1st, 2nd, 3rd, 4th, 11th, 21st.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return Count(n) + suffix
}

// PlayTime writes a time played: 45 s, 12 min 05 s, 1 h 02 min.
func PlayTime(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%d s", s)
	case s < 3600:
		return fmt.Sprintf("%d min %02d s", s/60, s%60)
	}
	return fmt.Sprintf("%d h %02d min", s/3600, s/60%60)
}

// Undos writes n undos: "1 undo", "3 undos" (the noun, not the verb's
// "undoes" an English pluralizer makes of it).
func Undos(n int) string {
	if n == 1 {
		return "1 undo"
	}
	return Count(n) + " undos"
}

// Clock writes a time played as a clock does: 0:45, 12:05, 1:02:03.
func Clock(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s < 3600 {
		return fmt.Sprintf("%d:%02d", s/60, s%60)
	}
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}
