//go:build serve

package serve

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/ai/regularfile"
)

// maxAllowSize bounds the allow file: some ten thousand keys.
const maxAllowSize = 8 << 20

// An allowList is the keys of an authorized_keys file, the only ones let
// in. The file is read again when it changes (its size or its time), so
// that a key added or removed takes effect at the next log-in; a file that
// can no longer be read keeps the keys read before, and the log says why.
// It is safe for concurrent use.
type allowList struct {
	path string

	mu    sync.Mutex
	keys  map[string]bool // the keys, in their wire form
	size  int64
	mtime time.Time
}

// readAllowList reads the authorized_keys file at path: a key a line, as
// ssh-keygen and OpenSSH write them (their options are ignored), blank
// lines and # comments skipped. A line that is not a key is an error.
func readAllowList(path string) (*allowList, error) {
	a := &allowList{path: path}
	if err := a.reread(); err != nil {
		return nil, err
	}
	return a, nil
}

// allows reports whether key is in the list, read again first if the file
// has changed.
func (a *allowList) allows(key ssh.PublicKey) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if fi, err := os.Stat(a.path); err == nil && (fi.Size() != a.size || !fi.ModTime().Equal(a.mtime)) {
		a.reread() // on failure the keys read before stay
	}
	return a.keys[string(key.Marshal())]
}

// reread reads the file into a.
func (a *allowList) reread() error {
	fi, err := os.Stat(a.path)
	if err != nil {
		return fmt.Errorf("the allow file: %w", err)
	}
	data, err := regularfile.ReadFile(a.path, maxAllowSize)
	if err != nil {
		return fmt.Errorf("the allow file: %w", err)
	}
	keys, err := parseAuthorizedKeys(data)
	if err != nil {
		return fmt.Errorf("the allow file %s: %w", a.path, err)
	}
	a.keys, a.size, a.mtime = keys, fi.Size(), fi.ModTime()
	return nil
}

// parseAuthorizedKeys returns the keys of an authorized_keys file, in
// their wire form.
func parseAuthorizedKeys(data []byte) (map[string]bool, error) {
	keys := map[string]bool{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, _, _, _, err := ssh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		keys[string(key.Marshal())] = true
	}
	return keys, nil
}
