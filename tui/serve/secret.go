//go:build serve

package serve

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
	"github.com/term2048/2048/tui/history"
	"github.com/term2048/2048/tui/serve/ledger"
)

// keyFile is the name of the server's secret in its directory (see
// ledger.Key): three lines of text, a header, the first date whose daily
// challenge the key deals, and the 32 bytes of the secret in hexadecimal.
const keyFile = "secret"

// keyPath returns the path of a key's file: named, the file given, which
// must exist (a server must not make keys of its own that the servers
// sharing its database do not have); else Dir's file of that name, made
// the first time.
func (c Config) keyPath(named, name string) keyFilePath {
	if named != "" {
		return keyFilePath{named, false}
	}
	return keyFilePath{filepath.Join(c.Dir, name), true}
}

// A keyFilePath is where a key's file is, and whether it may be made
// there if there is none.
type keyFilePath struct {
	path string
	make bool
}

// keyHeader is the first line of the key's file.
const keyHeader = "2048 serve secret 1"

// loadKey reads the server's key at path, or creates it there, readable by
// its owner only, if there is none: its challenges begin the day after
// now. The key is kept for ever: the games of the ledger are signed with
// it. A key that others may read, or that does not decode, is refused with
// the reason.
func loadKey(at keyFilePath, now time.Time) (ledger.Key, error) {
	path := at.path
	data, err := regularfile.ReadFile(path, 1<<10)
	switch {
	case errors.Is(err, fs.ErrNotExist) && at.make:
		return createKey(path, now)
	case errors.Is(err, fs.ErrNotExist):
		return ledger.Key{}, fmt.Errorf("the server's secret %s is not there, and one named is never made: copy there the secret of the other servers (%w)", path, fs.ErrNotExist)
	}
	if err != nil {
		return ledger.Key{}, fmt.Errorf("the server's secret: %w", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return ledger.Key{}, fmt.Errorf("the server's secret: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return ledger.Key{}, fmt.Errorf("the server's secret %s may be read by others (mode %v): chmod 600 it", path, fi.Mode().Perm())
	}
	k, err := decodeKey(data)
	if err != nil {
		return ledger.Key{}, fmt.Errorf("the server's secret %s: %w", path, err)
	}
	return k, nil
}

// decodeKey decodes the key's file.
func decodeKey(data []byte) (ledger.Key, error) {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 3 || lines[0] != keyHeader {
		return ledger.Key{}, fmt.Errorf("not a secret of 2048 serve: want %q, a date and 64 hexadecimal digits on three lines", keyHeader)
	}
	var k ledger.Key
	if _, err := history.DailySeed(lines[1]); err != nil {
		return ledger.Key{}, fmt.Errorf("its first date: %w", err)
	}
	k.From = lines[1]
	secret, err := hex.DecodeString(lines[2])
	if err != nil || len(secret) != len(k.Secret) {
		return ledger.Key{}, errors.New("its secret: want 64 hexadecimal digits")
	}
	copy(k.Secret[:], secret)
	return k, nil
}

// encodeKey encodes k as its file holds it.
func encodeKey(k ledger.Key) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n%s\n%s\n", keyHeader, k.From, hex.EncodeToString(k.Secret[:]))
	return b.Bytes()
}

// createKey creates a new key at path, mode 0600, and returns it.
func createKey(path string, now time.Time) (ledger.Key, error) {
	k, err := ledger.NewKey(now)
	if err != nil {
		return ledger.Key{}, err
	}
	if err := atomicfile.WriteFile(path, encodeKey(k), 0o600, true); err != nil {
		return ledger.Key{}, fmt.Errorf("writing the server's secret: %w", err)
	}
	return k, nil
}
