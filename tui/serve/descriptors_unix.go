//go:build serve && unix

package serve

import (
	"errors"
	"net"
	"os"
	"syscall"
	"time"
)

// descriptorLimit returns the number of file descriptors the process may
// have open (its soft RLIMIT_NOFILE, which Go raises to the hard limit at
// start), 0 if it cannot tell.
func descriptorLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil || r.Cur > 1<<30 {
		return 0
	}
	return int(r.Cur)
}

// outOfDescriptors reports whether err says that the process (EMFILE) or
// the system (ENFILE) has no file descriptor left.
func outOfDescriptors(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// A spareFile is a file descriptor held for the moment the process has no
// other: then it is closed, so that the connection waiting can be
// accepted, told that the server is busy and closed, and opened again.
// Without it, a connection waits in the listener's queue until its client
// gives up, and learns nothing. (nginx and libev do the same.)
type spareFile struct{ f *os.File }

// newSpareFile opens a spare descriptor; none if the process has none to
// spare even now.
func newSpareFile() *spareFile {
	f, _ := os.Open(os.DevNull)
	return &spareFile{f}
}

// shed frees the spare descriptor, accepts a connection of l with it,
// writes it why, closes it and takes the descriptor again. It does nothing
// if the spare could not be taken back since the last time.
func (s *spareFile) shed(l net.Listener, why string) (refused bool) {
	if s.f == nil {
		if s.f, _ = os.Open(os.DevNull); s.f == nil {
			return false
		}
	}
	s.f.Close()
	s.f = nil
	c, err := l.Accept()
	if err == nil {
		refuseWithin(c, why, shedWait) // the descriptor is needed back soon
	}
	s.f, _ = os.Open(os.DevNull)
	return err == nil
}

// shedWait is the longest a connection taken with the spare descriptor is
// held for its client to read that the server is busy.
const shedWait = 50 * time.Millisecond

// close gives the spare descriptor back.
func (s *spareFile) close() {
	if s.f != nil {
		s.f.Close()
	}
}
