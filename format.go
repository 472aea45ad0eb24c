package main

import (
	"fmt"
	"strconv"
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
