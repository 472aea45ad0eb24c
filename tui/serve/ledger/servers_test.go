//go:build serve

package ledger

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/term2048/2048/tui/serve/ledger/ledgertest"
)

// TestServersShareOnePostgres runs two servers' ledgers on one PostgreSQL
// database at once: they make its schema together, each adds games to the
// history of one player, and two players take one name at the same time.
// Every game is in the history once, ranked, in an order without gaps,
// and the name goes to one player.
func TestServersShareOnePostgres(t *testing.T) {
	source := ledgertest.Postgres.New(t)
	var servers [2]*DB
	var wg sync.WaitGroup
	errs := make([]error, len(servers))
	for i := range servers {
		wg.Go(func() { servers[i], errs[i] = Open(source, testOptions) })
	}
	wg.Wait()
	for i, d := range servers {
		if errs[i] != nil {
			t.Fatalf("server %d: Open = %v", i, errs[i])
		}
		t.Cleanup(func() { d.Close() })
	}

	const fp, each = "SHA256:both", 8
	for i, d := range servers {
		wg.Go(func() {
			for n := range each {
				g := played(t, fmt.Sprintf("%016x", i*100+n), uint64(i*100+n+1), 20, noon)
				if refused, err := d.AppendHistory(fp, g); err != nil || refused != nil {
					t.Errorf("server %d: AppendHistory(%s) = %v, %v", i, g.ID, refused, err)
				}
			}
		})
	}
	wg.Wait()
	d := servers[0]
	if ids := idsIn(t, d, fp); len(ids) != 2*each {
		t.Errorf("the history: %d games; want %d", len(ids), 2*each)
	}
	var lines, first, last int
	if err := d.db.QueryRow(`SELECT count(*), min(seq), max(seq) FROM history WHERE player = $1`, fp).Scan(&lines, &first, &last); err != nil {
		t.Fatal(err)
	}
	if first != 1 || last != lines {
		t.Errorf("the history's lines are numbered %d to %d, %d of them; want 1 to %d", first, last, lines, lines)
	}
	if n := count(t, d, "games"); n != 2*each {
		t.Errorf("%d games ranked; want %d", n, 2*each)
	}

	taken := make([]error, len(servers))
	for i, d := range servers {
		wg.Go(func() { _, taken[i] = d.Rename(fmt.Sprintf("SHA256:player%d", i), "Zoë") })
	}
	wg.Wait()
	if (taken[0] == nil) == (taken[1] == nil) || !errors.Is(errors.Join(taken...), ErrNameTaken) {
		t.Errorf("two players renamed to one name at once: %v; want one renamed, the other refused", taken)
	}
}
