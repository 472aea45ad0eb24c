package figures_test

import (
	"math"
	"testing"
	"time"

	"github.com/term2048/2048/tui/figures"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {-1234, "-1,234"}, {1234567, "1,234,567"}, {math.MaxInt64, "9,223,372,036,854,775,807"}} {
		if got := figures.Count(c.n); got != c.want {
			t.Errorf("Count(%d) = %q; want %q", c.n, got, c.want)
		}
	}
	if got, want := figures.Count(uint64(math.MaxUint64)), "18,446,744,073,709,551,615"; got != want {
		t.Errorf("Count(MaxUint64) = %q; want %q", got, want)
	}
}

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		x    float64
		prec int
		want string
	}{
		{75313.96, 1, "75,314.0"}, // rounded, not truncated
		{0, 1, "0.0"},
		{999.95, 1, "1,000.0"},
		{-1234.5, 0, "-1,234"}, // half to even, as strconv rounds
		{2288.25, 1, "2,288.2"},
		{1095762.4, 0, "1,095,762"},
		{1e20, 0, "100000000000000000000"}, // past int64: no commas rather than wrong ones
	} {
		if got := figures.Decimal(c.x, c.prec); got != c.want {
			t.Errorf("Decimal(%v, %d) = %q; want %q", c.x, c.prec, got, c.want)
		}
	}
}

func TestRate(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{{0, "0"}, {5, "5"}, {950, "950"}, {999.4, "999"}, {999.6, "1.00 k"}, {12345, "12.3 k"},
		{40e6, "40.0 M"}, {45.6e6, "45.6 M"}, {1.2e9, "1.20 G"}} {
		if got := figures.Rate(c.x); got != c.want {
			t.Errorf("Rate(%v) = %q; want %q", c.x, got, c.want)
		}
	}
}

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{5 * time.Microsecond, "5 µs"},
		{110 * time.Microsecond, "110 µs"},
		{1510 * time.Microsecond, "1.51 ms"},
		{12 * time.Millisecond, "12 ms"},
		{11108 * time.Microsecond, "11.1 ms"},
		{190 * time.Millisecond, "190 ms"},
		{2 * time.Second, "2 s"},
		{43600 * time.Millisecond, "43.6 s"},
		{0, "0 µs"},
	} {
		if got := figures.Duration(c.d); got != c.want {
			t.Errorf("Duration(%v) = %q; want %q", c.d, got, c.want)
		}
	}
}

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		p    float64
		prec int
		want string
	}{{0.98, 1, "98.0%"}, {1, 1, "100.0%"}, {0, 1, "0.0%"}, {0.3558, 1, "35.6%"}, {0.3558, 0, "36%"}} {
		if got := figures.Percent(c.p, c.prec); got != c.want {
			t.Errorf("Percent(%v, %d) = %q; want %q", c.p, c.prec, got, c.want)
		}
	}
}

func TestShortPercent(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{{0.5, "50%"}, {0.1, "10%"}, {0.034, "3.4%"}, {0.0056, "0.56%"}, {0.00007, "0.007%"}, {0.000009, "≈0"}, {0, "≈0"},
		// Cut, never rounded up to a threshold of the verdicts.
		{0.000996, "0.09%"}, {0.001, "0.10%"}, {0.00999, "0.99%"}, {0.01, "1.0%"}, {0.0499, "4.9%"}, {0.05, "5.0%"},
		{0.0996, "9.9%"}, {0.123, "12%"}, {0.0077, "0.77%"}} {
		if got := figures.ShortPercent(c.f); got != c.want {
			t.Errorf("ShortPercent(%v) = %q; want %q", c.f, got, c.want)
		}
	}
}

func TestPliesAndPlural(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{figures.Plies(1), "1 ply"}, {figures.Plies(3), "3 plies"}, {figures.Plies(0), "0 plies"},
		{figures.Plural(1, "game"), "game"}, {figures.Plural(0, "game"), "games"}, {figures.Plural(2, "worker"), "workers"},
		{figures.Quantity(1, "game"), "1 game"}, {figures.Quantity(1234, "move"), "1,234 moves"}, {figures.Quantity(0, "game"), "0 games"},
	} {
		if c.got != c.want {
			t.Errorf("got %q; want %q", c.got, c.want)
		}
	}
}

func TestPointsLoss(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{{0.4, "≈0"}, {1, "−1"}, {2400.7, "−2,400"}, {9999, "−9,999"}, {48_900, "−48k"}, {999_999, "−999k"}, {1_290_000, "−1.2M"}, {31_000_000, "−31M"}} {
		if got := figures.PointsLoss(c.p); got != c.want || len([]rune(got)) > 6 {
			t.Errorf("PointsLoss(%v) = %q; want %q, at most 6 columns", c.p, got, c.want)
		}
	}
}

func TestPlacesAndTimes(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{figures.Ordinal(1), "1st"}, {figures.Ordinal(2), "2nd"}, {figures.Ordinal(3), "3rd"}, {figures.Ordinal(4), "4th"},
		{figures.Ordinal(11), "11th"}, {figures.Ordinal(12), "12th"}, {figures.Ordinal(13), "13th"}, {figures.Ordinal(21), "21st"},
		{figures.Ordinal(112), "112th"}, {figures.Ordinal(1001), "1,001st"},
		{figures.PlayTime(45 * time.Second), "45 s"}, {figures.PlayTime(12*time.Minute + 5*time.Second), "12 min 05 s"},
		{figures.PlayTime(time.Hour + 2*time.Minute + 40*time.Second), "1 h 02 min"},
		{figures.Clock(45 * time.Second), "0:45"}, {figures.Clock(12*time.Minute + 5*time.Second), "12:05"},
		{figures.Clock(time.Hour + 2*time.Minute + 3*time.Second), "1:02:03"},
		{figures.Undos(1), "1 undo"}, {figures.Undos(3), "3 undos"}, {figures.Undos(1200), "1,200 undos"},
	} {
		if c.got != c.want {
			t.Errorf("got %q; want %q", c.got, c.want)
		}
	}
}
