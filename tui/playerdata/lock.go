package playerdata

import "github.com/term2048/2048/tui/dirlock"

// Lock takes the lock on the state directory, for one game at a time, and
// removes what killed writers left in the player's directories (see
// RemoveStale); release gives the lock back. If another game holds it,
// the error is a *dirlock.HeldError; if the lock cannot be taken at all,
// the error says why, and nothing is removed.
func (s *Files) Lock() (release func(), err error) {
	lock, err := dirlock.Acquire(s.StateDir)
	if err != nil {
		return func() {}, err
	}
	s.RemoveStale()
	return func() { lock.Release() }, nil
}
