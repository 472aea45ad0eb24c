// Package glicko rates players by the Glicko-2 system of Mark Glickman
// ("Example of the Glicko-2 system", 2013): a rating, its deviation (how
// uncertain the rating is) and its volatility (how erratic the player's
// results are), updated from the games of one rating period.
//
// The game rates the player and each puzzle with it: every first attempt
// at a puzzle is one game between the two, a rating period of its own.
package glicko

import (
	"errors"
	"math"
)

// scale converts between the Glicko scale (1500, 350) and the Glicko-2 one
// (0, 2.01...), as Glickman's step 2 does.
const scale = 173.7178

// DefaultTau is the system constant τ, which bounds how much the
// volatility may change in a period: Glickman suggests 0.3 to 1.2.
const DefaultTau = 0.5

// convergence is the tolerance of the iteration of Glickman's step 5.
const convergence = 1e-6

// A Rating is a Glicko-2 rating on the Glicko scale.
type Rating struct {
	Rating     float64 // 1500 for one not yet rated
	Deviation  float64 // the RD: 350 for one not yet rated, smaller as games say more
	Volatility float64 // σ: 0.06 for one not yet rated
}

// NewPlayer returns the rating of a player not yet rated: 1500, RD 350,
// σ 0.06.
func NewPlayer() Rating { return Rating{Rating: 1500, Deviation: 350, Volatility: 0.06} }

// NewPuzzle returns the rating of a puzzle not yet tried: 1500 with an RD
// of 500, as lichess starts its puzzles, so that the first players who try
// it move it far.
func NewPuzzle() Rating { return Rating{Rating: 1500, Deviation: 500, Volatility: 0.06} }

// Valid reports whether r can be rated from: finite, with a deviation and a
// volatility above zero.
func (r Rating) Valid() bool {
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	return finite(r.Rating) && finite(r.Deviation) && finite(r.Volatility) && r.Deviation > 0 && r.Volatility > 0
}

// A Game is one result of a rating period: the opponent's rating before
// the period, and the score, 1 for a win, 0 for a loss, 0.5 for a draw.
type Game struct {
	Opponent Rating
	Score    float64
}

// ErrInvalid is returned for a rating that is not Valid, or a score
// outside 0 to 1.
var ErrInvalid = errors.New("glicko: invalid rating or score")

// Update returns r after a rating period in which it played games, with
// the system constant tau (DefaultTau if 0): Glickman's steps 1 to 8. A
// period of no game only widens the deviation.
func Update(r Rating, games []Game, tau float64) (Rating, error) {
	if tau == 0 {
		tau = DefaultTau
	}
	if !r.Valid() || tau < 0 {
		return r, ErrInvalid
	}
	mu, phi := (r.Rating-1500)/scale, r.Deviation/scale
	if len(games) == 0 {
		phi = math.Sqrt(phi*phi + r.Volatility*r.Volatility)
		return Rating{Rating: r.Rating, Deviation: phi * scale, Volatility: r.Volatility}, nil
	}
	vInv, sum := 0.0, 0.0
	for _, g := range games {
		if !g.Opponent.Valid() || g.Score < 0 || g.Score > 1 {
			return r, ErrInvalid
		}
		muJ, phiJ := (g.Opponent.Rating-1500)/scale, g.Opponent.Deviation/scale
		gJ := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (g.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma := volatility(delta, phi, v, r.Volatility, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{Rating: muNew*scale + 1500, Deviation: phiNew * scale, Volatility: sigma}, nil
}

// volatility is Glickman's step 5: the new volatility, by the Illinois
// algorithm.
func volatility(delta, phi, v, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-d)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergence && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Expected returns the score r is expected to make against o: the
// probability that it wins, from both ratings and o's deviation.
func Expected(r, o Rating) float64 {
	phiJ := o.Deviation / scale
	gJ := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
	return 1 / (1 + math.Exp(-gJ*(r.Rating-o.Rating)/scale))
}

// Match rates one game between a and b, each against the other's rating
// before it: aWon says who won. It is the first attempt of a player (a) at
// a puzzle (b).
func Match(a, b Rating, aWon bool, tau float64) (Rating, Rating, error) {
	score := 0.0
	if aWon {
		score = 1
	}
	na, err := Update(a, []Game{{Opponent: b, Score: score}}, tau)
	if err != nil {
		return a, b, err
	}
	nb, err := Update(b, []Game{{Opponent: a, Score: 1 - score}}, tau)
	if err != nil {
		return a, b, err
	}
	return na, nb, nil
}
