// Package offheap hands out memory mapped from the operating system,
// outside the Go heap, for the AI's large tables: the transposition table
// of a search and the weights of a network.
//
// The collector does not count such memory: a heap that held a table of
// hundreds of megabytes would let the program's garbage grow as large
// again before each cycle. The system backs only the pages that are
// touched, so a table costs what is used of it. And the memory is
// advised to be backed by huge pages where the system offers them (Linux's
// transparent huge pages): the reads of a search or of a network's value
// land all over megabytes, and with pages of 4 KiB nearly every one would
// miss the processor's TLB.
package offheap

import "unsafe"

// HugePage is the size of a huge page on the machines the AI is tuned for
// (x86-64 and arm64 with pages of 4 KiB).
const HugePage = 2 << 20

// Map returns size bytes of zeros mapped from the system, beginning skew
// bytes after the boundary of a huge page (of an allocation of 64 KiB on
// Windows), and the function that gives them back, which nothing may use
// them after. Where the system offers no such memory (js, wasip1, plan9)
// or the mapping fails, it returns nil, and the caller falls back to the
// heap.
func Map(size, skew uintptr) (mem unsafe.Pointer, free func()) { return mapMemory(size, skew) }
