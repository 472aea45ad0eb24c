//go:build !unix && !windows

package dirlock

import "os"

// tryLock fails: this system has no file locks the package knows.
func tryLock(*os.File) (bool, error) { return false, ErrUnsupported }

// unlock does nothing.
func unlock(*os.File) error { return nil }
