package ntuple

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/term2048/2048/engine"
)

// sumOfSquaredMultiplicities returns Σ m² over the distinct weights of b's
// value, m being how often each appears in it: adding d to each of them
// changes the value by d times that sum.
func sumOfSquaredMultiplicities(n *Network, b engine.Board) float32 {
	var f [maxFeatures]uint32
	count := map[uint32]float32{}
	for _, p := range f[:n.features(b, &f)] {
		count[p]++
	}
	var sum float32
	for _, m := range count {
		sum += m * m
	}
	return sum
}

// TestUpdateMovesByRate checks one TD update: the value of the afterstate
// moves toward the target, by the learning rate times the error when its
// weights are all different, and by as much more as weights repeat on a
// symmetric board; other values do not move.
func TestUpdateMovesByRate(t *testing.T) {
	const rate = 0.1
	boards := []engine.Board{
		0x1234_0051_0000_2100, // no symmetry: 32 different weights
		0x1111_1111_1111_1111, // every symmetry the same board
		0x1001_0000_0000_1001, // four corners
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, d := range Designs() {
		n, err := New(d, DefaultInitialValue)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(n.Release)
		other := randomBoard(r)
		for _, b := range boards {
			for _, target := range []float32{1000, 900000} {
				l := &learner{net: n, rate: rate / float32(d.Features())}
				before, otherBefore := n.value(b), n.value(other)
				l.update(b, before, target)
				delta := (target - before) * l.rate
				want := before + delta*sumOfSquaredMultiplicities(n, b)
				if got := n.value(b); math.Abs(float64(got-want)) > 0.1 {
					t.Errorf("%v: update(%#016x, %v) moved the value from %v to %v; want %v", d, uint64(b), target, before, got, want)
				}
				if got := n.value(other); got != otherBefore {
					t.Errorf("%v: update(%#016x) moved the value of %#016x from %v to %v", d, uint64(b), uint64(other), otherBefore, got)
				}
			}
		}
		if got := sumOfSquaredMultiplicities(n, boards[0]); got != float32(d.Features()) {
			t.Errorf("%v: %#016x has %v as the sum of squared multiplicities; want %d (all different)", d, uint64(boards[0]), got, d.Features())
		}
		n.Release() // one design's network at a time
	}
}

// TestCoherence checks the rates of temporal-coherence learning: a weight's
// first adjustment is whole, and once two equal and opposite adjustments
// cancel out, the next one moves nothing.
func TestCoherence(t *testing.T) {
	n, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.Release)
	b := engine.Board(0x1234_0051_0000_2100)
	l := &learner{net: n, tc: newCoherence(len(n.weights)), rate: 1.0 / 32}
	t.Cleanup(l.tc.release)
	v0 := n.value(b)
	l.update(b, v0, v0+3200) // each weight +100: the coherence of each is 1
	if got := n.value(b); math.Abs(float64(got-(v0+3200))) > 0.1 {
		t.Fatalf("first update: value %v; want %v", got, v0+3200)
	}
	l.update(b, n.value(b), v0) // each weight −100, still at rate 1
	if got := n.value(b); math.Abs(float64(got-v0)) > 0.1 {
		t.Fatalf("second update: value %v; want %v", got, v0)
	}
	l.update(b, n.value(b), v0+3200) // the adjustments so far cancel out: coherence 0
	if got := n.value(b); math.Abs(float64(got-v0)) > 0.1 {
		t.Fatalf("third update: value %v; want it to stay at %v", got, v0)
	}
}

// TestLambdaZeroIsTDZero checks that a training with λ = 0, the default,
// learns by TD(0) online: bit for bit the weights of tdZero, a plain
// rendering of TD(0) on afterstates with restarts, after the same games
// from the same seed, in the TD phase and then in the coherence phase.
func TestLambdaZeroIsTDZero(t *testing.T) {
	const tdGames, tcGames = 100, 50
	tr := newTestTrainer(t, 1, nil)
	if err := tr.SetLambda(0); err != nil {
		t.Fatal(err)
	}
	run(t, tr, tdGames)
	tr.StartCoherence()
	run(t, tr, tcGames)
	tr.tc.release() // trained: only the weights are compared, 512 MiB less beside the reference

	ref, err := New(FourBySix, DefaultInitialValue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ref.Release)
	z := tdZero{net: ref, rng: rand.New(rand.NewPCG(1, 0)), rate: DefaultRate / 32, restart: DefaultRestart}
	for range tdGames {
		z.episode()
	}
	z.rate, z.sums, z.sizes = DefaultCoherenceRate/32, map[uint32]float32{}, map[uint32]float32{}
	for range tcGames {
		z.episode()
	}
	if !sameWeights(tr.net, ref) {
		t.Error("training with λ = 0 ended with other weights than TD(0)")
	}
}

// tdZero is TD(0) on afterstates as the tests read it: play the move of
// highest points plus value, then move the previous afterstate's value, as
// it was when its move was chosen, toward the points of this move plus the
// value of its afterstate (0 once no move is left); a game of restart moves
// or more is played again from its middle. With sums, the coherence phase:
// each weight learns at |Σ adjustments| / Σ |adjustments|.
type tdZero struct {
	net         *Network
	rng         *rand.Rand
	rate        float32
	restart     int
	sums, sizes map[uint32]float32 // nil in the TD phase
}

func (z *tdZero) episode() {
	var b engine.Board
	for range 2 {
		s, _ := b.Spawn(z.rng)
		b = s.Board
	}
	for path := z.segment(b); len(path) >= z.restart; {
		path = z.segment(path[(len(path)-1)/2])
	}
}

// segment plays from b and returns the boards it met after each spawn.
func (z *tdZero) segment(b engine.Board) []engine.Board {
	var path []engine.Board
	var before engine.Board
	var estimate float32
	for moves := 0; ; moves++ {
		path = append(path, b)
		after, best, bestSum := b, float32(0), float32(math.Inf(-1))
		for d := range engine.Direction(engine.NumDirections) {
			if n, p, ok := b.Move(d); ok && float32(p)+z.net.value(n) > bestSum {
				after, best, bestSum = n, z.net.value(n), float32(p)+z.net.value(n)
			}
		}
		if moves > 0 {
			target := float32(0)
			if after != b {
				target = bestSum
			}
			z.learn(before, (target-estimate)*z.rate)
		}
		if after == b {
			return path
		}
		before, estimate = after, best
		s, _ := after.Spawn(z.rng)
		b = s.Board
	}
}

// learn adds delta to each weight of s's value, times its coherence in
// that phase.
func (z *tdZero) learn(s engine.Board, delta float32) {
	var f [maxFeatures]uint32
	for _, p := range f[:z.net.features(s, &f)] {
		rate := float32(1)
		if z.sums != nil {
			if z.sizes[p] > 0 {
				rate = float32(math.Abs(float64(z.sums[p] / z.sizes[p])))
			}
			z.sums[p] += delta
			z.sizes[p] += float32(math.Abs(float64(delta)))
		}
		z.net.weights.add(p, delta*rate)
	}
}
