//go:build serve

package serve

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/term2048/2048/tui/serve/ledger"
)

// CopyLedger copies the ledger of the server of cfg (see
// Config.LedgerSource) to the ledger at to, a new one, made with the
// schema of this program: how a server moves from its SQLite file to
// PostgreSQL. It holds the server's directory meanwhile, so that no
// server of that directory writes to the ledger copied, whose games are
// signed with the directory's key: the server that opens the copy must
// use the same directory (its key, the file secret). It returns the rows
// copied of each table.
func CopyLedger(cfg Config, to string) (map[string]int, error) {
	if cfg.Dir == "" {
		return nil, errors.New("no server's directory to copy the ledger of")
	}
	if _, err := os.Stat(cfg.Dir); err != nil {
		return nil, fmt.Errorf("the server's directory: %w", err)
	}
	lock, err := lockDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	from := cfg.LedgerSource()
	if !ledger.IsPostgres(from) {
		if _, err := os.Stat(from); err != nil {
			return nil, fmt.Errorf("the ledger to copy: %w", err) // not a new, empty one
		}
	}
	key, err := loadKey(cfg.keyPath(cfg.Secret, keyFile), time.Now())
	if err != nil {
		return nil, err
	}
	src, err := ledger.Open(from, ledger.Options{Key: key, Full: cfg.CheckLedger})
	if err != nil {
		return nil, err
	}
	defer src.Close()
	dst, err := ledger.Open(to, ledger.Options{Key: key})
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	return src.CopyTo(dst)
}
