package offheap

import (
	"runtime"
	"testing"
	"unsafe"
)

// TestMap checks that the memory mapped is zeros, writable to its last
// byte, placed skew bytes after a huge page's boundary (an allocation's of
// 64 KiB on Windows), and given back once.
func TestMap(t *testing.T) {
	for _, c := range []struct{ size, skew uintptr }{{1, 0}, {4096, 0}, {3 << 20, 0}, {5 << 20, 12345 * 16}, {100, HugePage - 64}} {
		mem, free := Map(c.size, c.skew)
		if mem == nil {
			if runtime.GOOS == "js" || runtime.GOOS == "wasip1" || runtime.GOOS == "plan9" {
				continue
			}
			t.Fatalf("Map(%d, %d): no memory", c.size, c.skew)
		}
		b := unsafe.Slice((*byte)(mem), c.size)
		for i := range b {
			if b[i] != 0 {
				t.Fatalf("Map(%d, %d): byte %d is %d; want zeros", c.size, c.skew, i, b[i])
			}
		}
		b[0], b[len(b)-1] = 1, 2
		align := uintptr(HugePage)
		if runtime.GOOS == "windows" {
			align = 64 << 10
		}
		if at := uintptr(mem) % align; at != c.skew%align {
			t.Errorf("Map(%d, %d): memory at %d past a boundary; want %d", c.size, c.skew, at, c.skew%align)
		}
		free()
	}
}
