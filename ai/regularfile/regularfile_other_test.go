//go:build !unix

package regularfile

// unixOnlyRefused is empty: named pipes and devices are made the Unix way
// only.
var unixOnlyRefused []refusedCase
