//go:build serve

package ledger

import (
	"context"
	"database/sql"
	"time"
)

// The ledger keeps its data in SQLite (a file, the default) or in
// PostgreSQL (a server, shared). The statements common to both are
// written once, in the SQL they share, with $1, $2… for their arguments,
// which both drivers read; what they say differently is a dialect's: the
// schema, each version in the SQL of each (see migrations), where the
// schema's version is kept, how a name is compared whatever its case, how
// a commit is made to wait for the disk, and which failed transactions are
// run again.

// A dialect is what the ledger says differently to one database.
type dialect struct {
	name string // the database's, as errors say it
	// migration returns a version's step in the dialect's SQL.
	migration func(m migration) migrationStep
	// version returns the version of the schema, 0 for a database the
	// ledger never wrote to; setVersion sets it, in the transaction of
	// the step to that version.
	version    func(ctx context.Context, q querier) (int, error)
	setVersion func(ctx context.Context, q querier, v int) error
	// lockSchema, if not "", is run on a connection before the schema's
	// version is read and brought up to date on it, unlockSchema after:
	// the lock keeps two servers from migrating one database at once.
	lockSchema, unlockSchema string
	// sameName is a condition: the column name is $1, whatever the case of
	// its ASCII letters (SQLite's NOCASE).
	sameName string
	// recorded is the column of games that orders them as they were
	// recorded.
	recorded string
	// syncFull and syncNormal, if not "", are run on a connection before
	// and after a transaction that must wait for the disk, where commits
	// do not by default.
	syncFull, syncNormal string
	// txOptions are those of every transaction but the schema's.
	txOptions *sql.TxOptions
	// retry reports whether a transaction that failed with err may
	// succeed if it runs again: its failure was the price of running
	// beside another.
	retry func(err error) bool
}

// maxTries is how many times a transaction runs, the first included,
// before its failure is returned, if the dialect says to run it again.
const maxTries = 10

// openDB makes the DB of db, an open database of dialect dl: it brings
// its schema up to date, sets aside the games forged, and starts the
// heartbeat of the holds of players' data. It closes db on an error.
func openDB(db *sql.DB, dl *dialect, opt Options) (*DB, error) {
	d := &DB{db: db, dialect: dl, key: opt.Key, now: time.Now}
	d.holds.server, d.holds.lifetime, d.holds.renew = newServerID(), holdLifetime, holdRenewal
	if opt.clock != nil {
		d.now = opt.clock
	}
	if opt.HoldLifetime != 0 {
		d.holds.lifetime, d.holds.renew = opt.HoldLifetime, opt.HoldLifetime/3
	}
	if opt.holdRenewal != 0 {
		d.holds.renew = opt.holdRenewal
	}
	if d.holds.beat = opt.beat; d.holds.beat == nil {
		d.holds.beat = func() {}
	}
	if d.holds.fault = opt.RenewFault; d.holds.fault == nil {
		d.holds.fault = func() error { return nil }
	}
	if d.holds.onLost = opt.OnLost; d.holds.onLost == nil {
		d.holds.onLost = func([]string) {}
	}
	ctx := context.Background()
	var err error
	if err = migrate(ctx, db, dl, opt.Key, len(migrations)); err == nil {
		d.forged, err = d.setAsideForged()
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	d.startHeartbeat()
	return d, nil
}
