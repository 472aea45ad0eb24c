package history

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/term2048/2048/engine"
)

// TestDailySeed: the seed of a day's challenge is its date as a number,
// golden values for fixed dates; anything but a date is refused.
func TestDailySeed(t *testing.T) {
	for date, want := range map[string]uint64{"2026-11-26": 20261126, "2000-01-01": 20000101, "2031-02-28": 20310228} {
		if got, err := DailySeed(date); err != nil || got != want {
			t.Errorf("DailySeed(%q) = %d, %v; want %d", date, got, err, want)
		}
	}
	for _, bad := range []string{"", "2026-11-31", "2026-2-3", "26-11-2026", "2026-11-26T00:00:00Z", "today"} {
		if _, err := DailySeed(bad); err == nil {
			t.Errorf("DailySeed(%q) accepted", bad)
		}
	}
	// The date is the UTC one: late in the evening in New York it is
	// tomorrow's challenge.
	ny := time.FixedZone("EST", -5*3600)
	if got := DailyDate(time.Date(2026, 11, 26, 21, 0, 0, 0, ny)); got != "2026-11-27" {
		t.Errorf("DailyDate(21:00 EST on 2026-11-26) = %q; want 2026-11-27", got)
	}
}

// TestSummarizeDaily: the first game of a date left counts, the others are
// practice; the streak runs back from today (or yesterday), and today's
// place is among the days.
func TestSummarizeDaily(t *testing.T) {
	day := func(date string, score int, hinted bool) Record {
		return Record{Daily: date, Score: score, Hinted: hinted, Board: engine.Board(0).With(0, 9)}
	}
	games := []Record{
		day("2026-11-22", 3000, false),
		{Score: 90000}, // not a challenge
		day("2026-11-24", 5000, false),
		day("2026-11-24", 9000, false), // practice
		day("2026-11-25", 2000, true),
		day("2026-11-26", 4000, false),
	}
	d := SummarizeDaily(games, "2026-11-26")
	if len(d.Days) != 4 || d.Days[1].Score != 5000 || !d.Days[2].Assisted {
		t.Fatalf("days %+v; want 4, the first attempt of 11-24 (5000), 11-25 assisted", d.Days)
	}
	if d.Streak != 3 || d.Best.Date != "2026-11-24" || d.Today == nil || d.Today.Score != 4000 || d.TodayRank != 2 {
		t.Errorf("streak %d, best %+v, today %+v rank %d; want 3, 11-24, 4000 2nd", d.Streak, d.Best, d.Today, d.TodayRank)
	}
	if d := SummarizeDaily(games, "2026-11-27"); d.Streak != 3 || d.Today != nil || d.TodayRank != 0 {
		t.Errorf("the next day, not played yet: streak %d, today %v; want 3 (up to yesterday), none", d.Streak, d.Today)
	}
	if d := SummarizeDaily(games, "2026-11-29"); d.Streak != 0 {
		t.Errorf("two days later: streak %d; want 0", d.Streak)
	}
}

// TestDailyLine: a line of the daily challenge keeps its date, whatever
// seed dealt it (a server deals its own), and one that names no date, or
// whose game was set up, is refused.
func TestDailyLine(t *testing.T) {
	e := engine.NewGame(20261126)
	cornerPlay(e, 30)
	g := FromEngine(e, nil)
	g.ID, g.Ended, g.Daily = "d1", when, "2026-11-26"
	line, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	entry, err := Decode(line)
	if err != nil || entry.Game.Daily != "2026-11-26" {
		t.Fatalf("a daily line read back as %+v, %v", entry.Game, err)
	}
	for _, bad := range []string{"2026-13-01", "26-11-2026", "tomorrow"} {
		if _, err := Decode([]byte(strings.Replace(string(line), `"daily":"2026-11-26"`, `"daily":"`+bad+`"`, 1))); err == nil {
			t.Errorf("a line read as the challenge of %q", bad)
		}
	}
	dealt := FromEngine(engine.NewGame(0xfeed_f00d_1234_5678), nil)
	dealt.ID, dealt.Ended, dealt.Daily = "d2", when, "2026-11-26"
	if line, err := json.Marshal(dealt); err != nil {
		t.Errorf("a challenge dealt by a server: %v", err)
	} else if entry, err := Decode(line); err != nil || entry.Game.Daily != "2026-11-26" {
		t.Errorf("a challenge dealt by a server read back as %+v, %v", entry.Game, err)
	}
	setUp := g
	setUp.SetUp = true
	if _, err := json.Marshal(setUp); err == nil {
		t.Error("a game set up was written as a daily challenge")
	}
}
