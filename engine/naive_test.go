package engine_test

import "github.com/term2048/2048/engine"

// A naive game on a [4][4]int of tile values, written as plainly as possible
// and independently of the tables, to check the engine against.

type grid [4][4]int

func toGrid(b engine.Board) grid {
	var g grid
	for i := range engine.NumCells {
		g[i/4][i%4] = b.Tile(i)
	}
	return g
}

func fromGrid(g grid) engine.Board {
	var b engine.Board
	for r := range 4 {
		for c := range 4 {
			rank := uint8(0)
			for v := g[r][c]; v > 1; v /= 2 {
				rank++
			}
			b = b.With(4*r+c, rank)
		}
	}
	return b
}

// at returns the row and column of the j-th cell of line k when sliding
// toward d, j = 0 being the cell the tiles slide toward.
func at(d engine.Direction, k, j int) (r, c int) {
	switch d {
	case engine.Left:
		return k, j
	case engine.Right:
		return k, 3 - j
	case engine.Up:
		return j, k
	default: // Down
		return 3 - j, k
	}
}

// move slides g toward d: every line is read from the edge the tiles slide
// toward, its tiles gathered in a list, neighbours in the list merged once.
func (g grid) move(d engine.Direction) (out grid, points int, merged [4][4]bool) {
	for k := range 4 {
		var tiles []int
		for j := range 4 {
			if r, c := at(d, k, j); g[r][c] != 0 {
				tiles = append(tiles, g[r][c])
			}
		}
		j := 0
		for i := 0; i < len(tiles); i++ {
			r, c := at(d, k, j)
			if i+1 < len(tiles) && tiles[i] == tiles[i+1] && tiles[i] < 32768 {
				out[r][c] = 2 * tiles[i]
				points += 2 * tiles[i]
				merged[r][c] = true
				i++
			} else {
				out[r][c] = tiles[i]
			}
			j++
		}
	}
	return out, points, merged
}

func (g grid) sum() int {
	s := 0
	for _, row := range g {
		for _, v := range row {
			s += v
		}
	}
	return s
}

func (g grid) transpose() grid {
	var t grid
	for r := range 4 {
		for c := range 4 {
			t[c][r] = g[r][c]
		}
	}
	return t
}
