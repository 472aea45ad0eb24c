package race

import "testing"

// TestDecide: 2048 wins whatever the friend's game; without it a race is
// decided by the scores once both games are over, and not before.
func TestDecide(t *testing.T) {
	for _, c := range []struct {
		mine, friend Board
		result       Result
		by           Reason
	}{
		{Board{Won: true, Score: 10}, Board{Score: 99}, Won, By2048},
		{Board{Won: true, Over: true}, Board{Over: true, Score: 99}, Won, By2048},
		{Board{Score: 50}, Board{Over: true, Score: 10}, On, 0},
		{Board{Over: true, Score: 50}, Board{Score: 10}, On, 0},
		{Board{Over: true, Score: 50}, Board{Over: true, Score: 10}, Won, ByScore},
		{Board{Over: true, Score: 10}, Board{Over: true, Score: 50}, Lost, ByScore},
		{Board{Over: true, Score: 10}, Board{Over: true, Score: 10}, Tied, ByScore},
	} {
		if result, by := Decide(c.mine, c.friend); result != c.result || by != c.by {
			t.Errorf("Decide(%+v, %+v) = %v, %v; want %v, %v", c.mine, c.friend, result, by, c.result, c.by)
		}
	}
}
