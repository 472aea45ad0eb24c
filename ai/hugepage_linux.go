package ai

import "golang.org/x/sys/unix"

// adviseHuge asks Linux to back a table with transparent huge pages: lookups
// land anywhere in megabytes, and with 4 KB pages nearly every one misses the
// TLB. It is only advice; failure changes nothing.
func adviseHuge(mem []byte) { _ = unix.Madvise(mem, unix.MADV_HUGEPAGE) }
