//go:build !unix

package main

// unixOnlyPathCases is empty: named pipes, devices and links are made the
// Unix way only.
var unixOnlyPathCases []pathCase
