package engine_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/term2048/2048/engine"
)

func TestParse(t *testing.T) {
	want := engine.FromRanks([engine.NumCells]uint8{1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 15, 0, 0, 11})
	for _, s := range []string{
		"2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 32768 0 0 2048",
		"2,0,0,4,0,0,8,0,0,0,0,0,32768,0,0,2048",
		"2, 0, 0, 4,\n0, 0, 8, 0,\n0, 0, 0, 0,\n32768, 0, 0, 2048",
		" 2 0 0 4/0 0 8 0/0 0 0 0/32768 0 0 2048 ",
		"2 0 0 4 0 0 8 0 0 0 0 0 32768 0 0 2048",
	} {
		got, err := engine.Parse(s)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
}

func TestParseRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for range 1000 {
		b := engine.Board(r.Uint64())
		got, err := engine.Parse(b.String())
		if err != nil || got != b {
			t.Fatalf("Parse(%q) = %v, %v; want the board back", b.String(), got, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "has 0 values; want 16"},
		{"2 0 0 4 0 0 8 0 0 0 0 0 0 0 0", "has 15 values; want 16"},
		{"2 0 0 4 0 0 8 0 0 0 0 0 0 0 0 0 2", "has 17 values; want 16"},
		{"2 0 0 4 / 0 0 8 0 / 0 0 0 0", "has 3 rows"},
		{"2 0 0 4 / 0 0 8 / 0 0 0 0 0 / 0 0 0 0", "row 2 has 3 values; want 4"},
		{"2 0 0 3 / 0 0 8 0 / 0 0 0 0 / 0 0 0 0", "row 1, column 4: 3 is not a tile value"},
		{"2 0 0 4 / 0 1 8 0 / 0 0 0 0 / 0 0 0 0", "row 2, column 2: 1 is not a tile value"},
		{"2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 0 0 0 65536", "row 4, column 4: 65536 is not a tile value"},
		{"2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 0 0 -2 0", `row 4, column 3: "-2" is not a tile value`},
		{"2 0 0 4 / 0 0 x 0 / 0 0 0 0 / 0 0 0 0", `row 2, column 3: "x" is not a tile value`},
		{"2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 0 0 0 99999999999", `"99999999999" is not a tile value`},
	}
	for _, tt := range tests {
		_, err := engine.Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) succeeded; want an error containing %q", tt.in, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error = %q; want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func TestParseRanks(t *testing.T) {
	want := engine.FromRanks([engine.NumCells]uint8{1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 15, 0, 0, 11})
	for _, s := range []string{
		"1,0,0,2,0,0,3,0,0,0,0,0,15,0,0,11",
		"1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 15, 0, 0, 11",
	} {
		got, err := engine.ParseRanks(s)
		if err != nil || got != want {
			t.Errorf("ParseRanks(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		b := engine.Board(r.Uint64())
		var f []string
		for _, v := range b.Ranks() {
			f = append(f, strconv.Itoa(int(v)))
		}
		if got, err := engine.ParseRanks(strings.Join(f, ",")); err != nil || got != b {
			t.Fatalf("ParseRanks(%q) = %v, %v; want %v", strings.Join(f, ","), got, err, b)
		}
	}
}

func TestParseRanksErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "has 1 ranks; want 16"},
		{"1,2,3", "has 3 ranks; want 16"},
		{"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "has 1 ranks; want 16"},
		{"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "has 17 ranks; want 16"},
		{"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,16", `cell 16: "16" is not a rank from 0 to 15`},
		{"0,0,x,0,0,0,0,0,0,0,0,0,0,0,0,0", `cell 3: "x" is not a rank`},
		{"0,0,0,-1,0,0,0,0,0,0,0,0,0,0,0,0", `cell 4: "-1" is not a rank`},
		{"0,0,0,0,,0,0,0,0,0,0,0,0,0,0,0", `cell 5: "" is not a rank`},
	}
	for _, tt := range tests {
		_, err := engine.ParseRanks(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseRanks(%q) error = %v; want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func TestString(t *testing.T) {
	b, _ := engine.Parse("2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 32768 0 0 2048")
	if got, want := b.String(), "2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 32768 0 0 2048"; got != want {
		t.Errorf("String() = %q; want %q", got, want)
	}
	if got := engine.Board(0).String(); got != "0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" {
		t.Errorf("Board(0).String() = %q", got)
	}
}

// tileRank returns the rank of the tile value v, counting its halvings, or
// false if v is neither 0 nor a power of two from 2 to 32768.
func tileRank(v int) (uint8, bool) {
	rank := uint8(0)
	for ; v > 1 && v%2 == 0 && rank < engine.MaxRank; v /= 2 {
		rank++
	}
	return rank, v == 1 && rank > 0 || v == 0
}

// plainParse reads a board as Parse's documentation describes it, one byte
// at a time: 16 tile values row by row, separated by spaces, commas, tabs or
// line breaks; slashes, if any, exactly three, with four values between
// each two. It shares no code with Parse, to check it against.
func plainParse(s string) (engine.Board, bool) {
	var values, rows []int // rows: the number of values before each slash
	value, inValue := 0, false
	endValue := func() {
		if inValue {
			values = append(values, value)
		}
		value, inValue = 0, false
	}
	for i := range len(s) {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			if value < 1<<20 { // larger is no tile, whatever digits follow
				value = 10*value + int(c-'0')
			}
			inValue = true
		case c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r':
			endValue()
		case c == '/':
			endValue()
			rows = append(rows, len(values))
		default:
			return 0, false
		}
	}
	endValue()
	if len(rows) != 0 && (len(rows) != 3 || rows[0] != 4 || rows[1] != 8 || rows[2] != 12) {
		return 0, false
	}
	if len(values) != engine.NumCells {
		return 0, false
	}
	var b engine.Board
	for i, v := range values {
		rank, ok := tileRank(v)
		if !ok {
			return 0, false
		}
		b = b.With(i, rank)
	}
	return b, true
}

// FuzzParse checks Parse against plainParse, and that String writes every
// board Parse accepts in a form Parse reads back as the same board.
func FuzzParse(f *testing.F) {
	f.Add("2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 32768 0 0 2048")
	f.Add("2,0,0,4,0,0,8,0,0,0,0,0,32768,0,0,2048")
	f.Add(" 2 0 0 4/0 0 8 0/0 0 0 0/32768 0 0 2048\n")
	f.Add("2 0 0 4 / 0 0 8 / 0 0 0 0 0 / 0 0 0 0")
	f.Add("2 0 0 3 0 0 8 0 0 0 0 0 0 0 0 0065536")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := engine.Parse(s)
		want, ok := plainParse(s)
		if (err == nil) != ok || ok && b != want {
			t.Fatalf("Parse(%q) = %v, %v; want %v, accepted %v", s, b, err, want, ok)
		}
		if err != nil {
			return
		}
		if back, err := engine.Parse(b.String()); err != nil || back != b {
			t.Fatalf("Parse(%q) = %v, %v; want %v, the board Parse(%q) gave", b.String(), back, err, b, s)
		}
	})
}

// plainParseRanks reads a board as ParseRanks's documentation describes
// it: 16 ranks from 0 to 15 separated by commas, spaces around each allowed.
func plainParseRanks(s string) (engine.Board, bool) {
	fields := strings.Split(s, ",")
	if len(fields) != engine.NumCells {
		return 0, false
	}
	var b engine.Board
	for i, f := range fields {
		f = strings.TrimFunc(f, unicode.IsSpace)
		rank := 0
		for j := range len(f) {
			if f[j] < '0' || f[j] > '9' {
				return 0, false
			}
			rank = min(10*rank+int(f[j]-'0'), 1000)
		}
		if f == "" || rank > engine.MaxRank {
			return 0, false
		}
		b = b.With(i, uint8(rank))
	}
	return b, true
}

// FuzzParseRanks checks ParseRanks against plainParseRanks, and that the
// ranks of every board it accepts, written back with commas, read back as
// the same board.
func FuzzParseRanks(f *testing.F) {
	f.Add("1,0,0,2,0,0,3,0,0,0,0,0,15,0,0,11")
	f.Add("1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 15, 0, 0, 11")
	f.Add("0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,16")
	f.Add("0,0,0,-1,0,0,0,0,0,0,0,0,0,0,0,0")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := engine.ParseRanks(s)
		want, ok := plainParseRanks(s)
		if (err == nil) != ok || ok && b != want {
			t.Fatalf("ParseRanks(%q) = %v, %v; want %v, accepted %v", s, b, err, want, ok)
		}
		if err != nil {
			return
		}
		var ranks []string
		for _, r := range b.Ranks() {
			ranks = append(ranks, strconv.Itoa(int(r)))
		}
		if back, err := engine.ParseRanks(strings.Join(ranks, ",")); err != nil || back != b {
			t.Fatalf("ParseRanks(%q) = %v, %v; want %v", strings.Join(ranks, ","), back, err, b)
		}
	})
}
