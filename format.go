package main

import (
	"fmt"
	"strconv"
	"strings"
)

// count writes n with commas between groups of three digits: 1,234,567.
func count(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// metric writes x with three significant digits and a k, M or G suffix:
// 950, 12.3k, 45.6M, 1.20G.
func metric(x float64) string {
	for _, u := range []struct {
		scale  float64
		suffix string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if x >= u.scale*0.9995 {
			return sig3(x/u.scale) + u.suffix
		}
	}
	return sig3(x)
}

// sig3 writes x ≥ 0 with three significant digits, at most one of them
// after the point for large values: 1.23, 12.3, 123, 1234.
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

// plural returns word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// percent writes a share from 0 to 1 as a percentage with one decimal.
func percent(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

// decimal writes x with prec digits after the point and commas between
// groups of three digits before it: 12,345.6.
func decimal(x float64, prec int) string {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	n, err := strconv.ParseUint(whole, 10, 64)
	if err != nil {
		return sign + s // too large for commas
	}
	if frac != "" {
		frac = "." + frac
	}
	return sign + count(n) + frac
}

// plies writes a depth: "1 ply", "3 plies".
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
