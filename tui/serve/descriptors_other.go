//go:build serve && !unix

package serve

import "net"

// descriptorLimit returns 0: the limit is not known here.
func descriptorLimit() int { return 0 }

// outOfDescriptors reports false: the systems other than Unix are not
// told apart here.
func outOfDescriptors(error) bool { return false }

// A spareFile does nothing where descriptors are not told apart.
type spareFile struct{}

func newSpareFile() *spareFile                    { return &spareFile{} }
func (*spareFile) shed(net.Listener, string) bool { return false }
func (*spareFile) close()                         {}
