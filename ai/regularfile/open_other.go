//go:build !unix

package regularfile

import "os"

// open opens the file at path for reading. The check of Open before it
// has refused the named pipes (\\.\pipe\...) and the devices (NUL, CON).
func open(path string) (*os.File, error) { return os.Open(path) }

// setBlocking does nothing: open does not open files in non-blocking mode here.
func setBlocking(*os.File) error { return nil }
