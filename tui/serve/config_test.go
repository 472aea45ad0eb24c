//go:build serve

package serve

import (
	"strings"
	"testing"
	"time"
)

// TestLimitsSet checks the limits as -limit names them: each sets its
// field, and a bad name or value is refused, saying what is wanted.
func TestLimitsSet(t *testing.T) {
	var l Limits
	for _, s := range []string{"conns=500", "per-address=4", "greeting=2s", "grace=1m", "key-burst=100"} {
		if err := l.Set(s); err != nil {
			t.Fatalf("Set(%q): %v", s, err)
		}
	}
	want := Limits{Conns: 500, PerAddress: 4, Greeting: 2 * time.Second, Grace: time.Minute, KeyBurst: 100}
	if l != want {
		t.Errorf("limits set: %+v; want %+v", l, want)
	}
	if got := l.String(); got != "conns=500 per-address=4 greeting=2s grace=1m0s key-burst=100" {
		t.Errorf("String() = %q", got)
	}
	for s, msg := range map[string]string{
		"conns":        "want NAME=VALUE",
		"conn=5":       `no limit "conn": want one of conns, per-address`,
		"conns=0":      "want a whole number, 1 or more",
		"conns=-1":     "want a whole number",
		"conns=1.5":    "want a whole number",
		"greeting=0s":  "want a duration above zero",
		"greeting=5":   "want a duration above zero, such as 5s",
		"greeting=-1s": "want a duration above zero",
	} {
		if err := l.Set(s); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("Set(%q) = %v; want an error with %q", s, err, msg)
		}
	}
	var names strings.Builder
	DescribeLimits(&names)
	for _, f := range l.fields() {
		if !strings.Contains(names.String(), "  "+f.name+" ") {
			t.Errorf("the help does not describe the limit %s:\n%s", f.name, names.String())
		}
	}
}

// TestLimitsFromDescriptors checks the connections a server holds by
// default: what the file descriptors leave, the refusals a quarter of
// them, and never more descriptors in all than the process may open.
func TestLimitsFromDescriptors(t *testing.T) {
	for _, limit := range []int{0, 40, 100, 200, 1024, 65536, 1 << 20} {
		conns := connsFor(limit)
		refusing := refusingFor(conns)
		switch {
		case limit == 0 && conns != maxConns, conns < 1, conns > maxConns:
			t.Errorf("limit %d: %d connections", limit, conns)
		case limit > 0 && conns < maxConns && reservedDescriptors+descriptorsPerConn*conns+refusing > limit:
			t.Errorf("limit %d: %d connections and %d refusals take more descriptors than the process has", limit, conns, refusing)
		}
	}
	if got := connsFor(200); got != 51 { // (200 - 32) descriptors for 51 connections of 3 and 12 refusals
		t.Errorf("connsFor(200) = %d; want 51", got)
	}
}
