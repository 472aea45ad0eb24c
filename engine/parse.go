package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// String returns the board as its 16 tile values row by row, rows separated
// by slashes: "2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 0 0 0 2". Parse reads it back.
func (b Board) String() string {
	var sb strings.Builder
	for i := range NumCells {
		switch {
		case i == 0:
		case i%4 == 0:
			sb.WriteString(" / ")
		default:
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(b.Tile(i)))
	}
	return sb.String()
}

// Parse reads a board written as its 16 tile values row by row from the
// top-left cell, each 0 (empty) or a power of two from 2 to 32768. Values are
// separated by spaces, commas or both; slashes, if any, must separate four rows
// of four values. Every error says what is wrong and where.
func Parse(s string) (Board, error) {
	rows := strings.Split(s, "/")
	if len(rows) != 1 && len(rows) != 4 {
		return 0, fmt.Errorf("board %q has %d rows separated by '/'; want 4 rows of 4 values, or 16 values", s, len(rows))
	}
	var values []string
	for r, row := range rows {
		fields := strings.FieldsFunc(row, func(c rune) bool {
			return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'
		})
		if len(rows) == 4 && len(fields) != 4 {
			return 0, fmt.Errorf("board %q: row %d has %d values; want 4", s, r+1, len(fields))
		}
		values = append(values, fields...)
	}
	if len(values) != NumCells {
		return 0, fmt.Errorf("board %q has %d values; want 16, row by row", s, len(values))
	}
	var b Board
	for i, v := range values {
		r, err := parseTile(v)
		if err != nil {
			return 0, fmt.Errorf("board %q: row %d, column %d: %w", s, i/4+1, i%4+1, err)
		}
		b = b.With(i, r)
	}
	return b, nil
}

// ParseRanks reads a board written as its 16 ranks row by row from the
// top-left cell, separated by commas: 0 for an empty cell, 1 for the tile 2,
// up to 15 for 32768, as in "1,0,0,2,0,0,3,0,0,0,0,0,15,0,0,11". It is the
// form of the project's benchmark positions and of nneonneo's tools.
func ParseRanks(s string) (Board, error) {
	f := strings.Split(s, ",")
	if len(f) != NumCells {
		return 0, fmt.Errorf("board %q has %d ranks; want %d, separated by commas", s, len(f), NumCells)
	}
	var b Board
	for i, v := range f {
		r, err := strconv.ParseUint(strings.TrimSpace(v), 10, 8)
		if err != nil || r > MaxRank {
			return 0, fmt.Errorf("board %q: cell %d: %q is not a rank from 0 to %d", s, i+1, v, MaxRank)
		}
		b = b.With(i, uint8(r))
	}
	return b, nil
}

// parseTile returns the rank of the tile written v.
func parseTile(v string) (uint8, error) {
	n, err := strconv.ParseUint(v, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a tile value: want 0 or a power of two from 2 to 32768", v)
	}
	r, ok := RankOf(int(n))
	if !ok {
		return 0, fmt.Errorf("%d is not a tile value: want 0 or a power of two from 2 to 32768", n)
	}
	return r, nil
}
