package ai

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/term2048/2048/engine"
)

func TestProbClass(t *testing.T) {
	tests := []struct {
		p    float64
		want int
	}{{1, 0}, {0.9, 1}, {0.5, 1}, {0.45, 2}, {0.25, 2}, {0.1, 4}, {1e-4, 14}, {1e-300, 255}}
	for _, tt := range tests {
		if got := probClass(tt.p); got != tt.want {
			t.Errorf("probClass(%g) = %d; want %d", tt.p, got, tt.want)
		}
	}
}

func TestTableRules(t *testing.T) {
	tb := newTable(1)
	v := tb.view(8)
	b := engine.Board(0x1234_5678_9ABC_DEF1)
	v.put(b, 3, 5, 1234.5, 0)
	tests := []struct {
		depth, class int
		hit          bool
	}{
		{3, 5, true},  // as deep, as probable
		{2, 5, true},  // searched deeper than needed
		{4, 5, false}, // not deep enough
		{3, 6, true},  // a less probable node now: the stored search pruned less
		{3, 4, true},  // one class more probable now: within the slack
		{3, 3, false}, // two classes: the stored value was pruned too hard
	}
	for _, tt := range tests {
		got, ok := v.get(b, tt.depth, tt.class)
		if ok != tt.hit || ok && got != 1234.5 {
			t.Errorf("get(depth %d, class %d) = %v, %v; want hit %v", tt.depth, tt.class, got, ok, tt.hit)
		}
	}
	if _, ok := v.get(b^1, 1, 5); ok {
		t.Error("another board hit")
	}
	tb.reset()
	if _, ok := v.get(b, 1, 5); ok {
		t.Error("an entry survived a reset")
	}
	v.put(b, 3, 5, 1, 0)
	for range maxEpoch { // wrap the epoch around: old entries must not return
		tb.reset()
	}
	if _, ok := v.get(b, 1, 5); ok {
		t.Error("an entry came back after the epoch wrapped")
	}
}

// TestTableCollisions fills buckets beyond their size: a board either finds
// its own value or nothing, never another's.
func TestTableCollisions(t *testing.T) {
	tb := newTable(1)
	v := view{tb, uint(64 - 4)} // 16 buckets, 64 slots
	r := rand.New(rand.NewPCG(3, 3))
	value := func(b engine.Board) float64 { return float64(float32(uint32(b) % 100000)) }
	var boards []engine.Board
	for range 1000 {
		b := engine.Board(r.Uint64())
		boards = append(boards, b)
		v.put(b, 2, 3, value(b), 1)
	}
	hits := 0
	for _, b := range boards {
		if got, ok := v.get(b, 2, 3); ok {
			hits++
			if got != value(b) {
				t.Fatalf("board %x: got %v; want %v", uint64(b), got, value(b))
			}
		}
	}
	if hits != 64 {
		t.Errorf("%d hits in a full 64-slot view; want 64", hits)
	}
}

// TestTableConcurrent has goroutines write and read one small view at once:
// a torn slot must read as a miss, never as a wrong value.
func TestTableConcurrent(t *testing.T) {
	tb := newTable(1)
	v := view{tb, uint(64 - 6)}
	value := func(b engine.Board) float64 { return float64(b) } // boards < 5000: exact in float32
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 9))
			for range 50_000 {
				b := engine.Board(r.Uint64() % 5000)
				if r.IntN(2) == 0 {
					v.put(b, 1+r.IntN(5), r.IntN(10), value(b), uint8(g))
				} else if got, ok := v.get(b, 1, 9); ok && got != value(b) {
					t.Errorf("board %d: read %v; want %v", b, got, value(b))
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestTableOffHeap checks that a table's memory is not the collector's
// where the system can give memory outside the heap: a heap holding the
// table lets the garbage grow by as much again before each collection.
func TestTableOffHeap(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" || runtime.GOOS == "plan9" {
		t.Skip("the table lives on the heap here")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tb := newTable(64)
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapSys) - int64(before.HeapSys); grew > 8<<20 {
		t.Errorf("a 64 MB table grew the heap by %d MB", grew>>20)
	}
	v := tb.view(20)
	v.put(1, 1, 1, 1, 1) // the memory is there and zeroed
	if got, ok := v.get(1, 1, 1); !ok || got != 1 {
		t.Errorf("get after put = %v, %v; want 1, true", got, ok)
	}
	runtime.KeepAlive(tb)
}
