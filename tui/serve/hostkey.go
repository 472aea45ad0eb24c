//go:build serve

package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"golang.org/x/crypto/ssh"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/tui/atomicfile"
)

// hostKeyFile is the name of the host key's file in the server's
// directory: an Ed25519 key in OpenSSH's format, as ssh-keygen writes it.
const hostKeyFile = "host_ed25519"

// maxHostKeySize bounds the host key's file: an Ed25519 key takes about
// 400 bytes, an RSA key of 16384 bits 13 KB.
const maxHostKeySize = 64 << 10

// loadHostKey reads the host key at path, or creates it there, readable by
// its owner only, if there is none: the server keeps one key for ever, so
// that clients who know it are not told it has changed. A key that others
// may read, or that does not decode, is refused with the reason.
func loadHostKey(at keyFilePath) (ssh.Signer, error) {
	path := at.path
	data, err := regularfile.ReadFile(path, maxHostKeySize)
	switch {
	case errors.Is(err, fs.ErrNotExist) && at.make:
		return createHostKey(path)
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("the host key %s is not there, and one named is never made: copy there the key of the other servers (%w)", path, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("the host key: %w", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("the host key: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("the host key %s may be read by others (mode %v): chmod 600 it", path, fi.Mode().Perm())
	}
	signer, err := ssh.ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("the host key %s: %w", path, err)
	}
	return signer, nil
}

// createHostKey creates a new Ed25519 host key at path, mode 0600, and
// returns it.
func createHostKey(path string) (ssh.Signer, error) {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("making the host key: %w", err)
	}
	block, err := ssh.MarshalPrivateKey(key, "2048 serve")
	if err != nil {
		return nil, fmt.Errorf("making the host key: %w", err)
	}
	if err := atomicfile.WriteFile(path, pem.EncodeToMemory(block), 0o600, true); err != nil {
		return nil, fmt.Errorf("writing the host key: %w", err)
	}
	return ssh.NewSignerFromKey(key)
}
