package engine_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	. "github.com/term2048/2048/engine"
)

func TestParse(t *testing.T) {
	want := FromRanks([NumCells]uint8{1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 15, 0, 0, 11})
	for _, s := range []string{
		"2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 32768 0 0 2048",
		"2,0,0,4,0,0,8,0,0,0,0,0,32768,0,0,2048",
		"2, 0, 0, 4,\n0, 0, 8, 0,\n0, 0, 0, 0,\n32768, 0, 0, 2048",
		" 2 0 0 4/0 0 8 0/0 0 0 0/32768 0 0 2048 ",
		"2 0 0 4 0 0 8 0 0 0 0 0 32768 0 0 2048",
	} {
		got, err := Parse(s)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
}

func TestParseRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for range 1000 {
		b := Board(r.Uint64())
		got, err := Parse(b.String())
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
		_, err := Parse(tt.in)
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
	want := FromRanks([NumCells]uint8{1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 15, 0, 0, 11})
	for _, s := range []string{
		"1,0,0,2,0,0,3,0,0,0,0,0,15,0,0,11",
		"1, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 15, 0, 0, 11",
	} {
		got, err := ParseRanks(s)
		if err != nil || got != want {
			t.Errorf("ParseRanks(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		b := Board(r.Uint64())
		var f []string
		for _, v := range b.Ranks() {
			f = append(f, strconv.Itoa(int(v)))
		}
		if got, err := ParseRanks(strings.Join(f, ",")); err != nil || got != b {
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
		_, err := ParseRanks(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseRanks(%q) error = %v; want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func TestString(t *testing.T) {
	b, _ := Parse("2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 32768 0 0 2048")
	if got, want := b.String(), "2 0 0 4 / 0 0 8 0 / 0 0 0 0 / 32768 0 0 2048"; got != want {
		t.Errorf("String() = %q; want %q", got, want)
	}
	if got := Board(0).String(); got != "0 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" {
		t.Errorf("Board(0).String() = %q", got)
	}
}
