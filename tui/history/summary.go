package history

import (
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/engine"
)

// A Summary is the player's statistics, worked out from the history: the
// games of its lines, and the earlier games counted before it began.
//
// The games begun from a position set up (Record.SetUp) are kept apart:
// they count in SetUp only, and in none of the figures below, whose games
// all began from a fresh start.
//
//   - Games counts every game: each line, and each earlier game.
//   - Won counts those that had made 2048 when they were left: moves
//     undone before do not count.
//   - Hinted counts those in which a hint of the AI reached the player;
//     Autoplayed, those in which the AI played a move.
//   - BestScore is the highest score any game reached, moves undone after
//     it included (Record.Peak), so that an undo never lowers it;
//     HighestTile is the highest tile of any game when it was left.
//
// Recorded, Own, NoUndo and Reached cover the games of the lines only: of
// the earlier games, only their counts and records are known. A Group's
// scores are those the games were left with.
type Summary struct {
	Games       int
	Won         int
	Hinted      int
	Autoplayed  int
	BestScore   int
	HighestTile int
	Recorded    Group // the games of the lines
	Own         Group // the games of the lines played by hand: no hint reached the player, the AI played no move
	NoUndo      Group // of those, the games in which no move was taken back
	SetUp       Group // the games begun from a position set up
	// Reached[r] counts the games of the lines that made a tile of rank r.
	Reached [engine.MaxRank + 1]int
}

// A Group is the statistics of a set of games whose lines are known.
type Group struct {
	Games       int
	Won         int
	BestScore   int
	HighestTile int
	MeanScore   float64 // 0 for no game
	MedianScore float64 // 0 for no game
}

// Summarize works out the statistics of the earlier games and games.
func Summarize(earlier Earlier, games []Record) Summary {
	s := Summary{
		Games: earlier.GamesPlayed, Won: earlier.GamesWon, Hinted: earlier.GamesHinted,
		Autoplayed: earlier.GamesAutoplayed, BestScore: earlier.BestScore, HighestTile: earlier.HighestTile,
	}
	var own, noUndo, setUp, fresh []Record
	for i := range games {
		g := &games[i]
		if g.SetUp {
			setUp = append(setUp, *g)
			continue
		}
		fresh = append(fresh, *g)
		s.Games++
		s.BestScore = max(s.BestScore, g.Peak)
		if g.Won() {
			s.Won++
		}
		if g.Hinted {
			s.Hinted++
		}
		if g.Autoplayed {
			s.Autoplayed++
		}
		for r := range g.Board.HighestRank() + 1 {
			s.Reached[r]++
		}
		if g.How() == review.ByPlayer {
			own = append(own, *g)
			if g.Undos == 0 {
				noUndo = append(noUndo, *g)
			}
		}
	}
	s.Reached[0] = 0 // no tile is of rank 0
	s.Recorded, s.Own, s.NoUndo, s.SetUp = groupOf(fresh), groupOf(own), groupOf(noUndo), groupOf(setUp)
	s.BestScore = max(s.BestScore, s.Recorded.BestScore)
	s.HighestTile = max(s.HighestTile, s.Recorded.HighestTile)
	return s
}

// groupOf returns the statistics of games.
func groupOf(games []Record) Group {
	if len(games) == 0 {
		return Group{}
	}
	g := Group{Games: len(games)}
	scores := make([]int, len(games))
	for i := range games {
		scores[i] = games[i].Score
		g.BestScore = max(g.BestScore, games[i].Score)
		g.HighestTile = max(g.HighestTile, games[i].HighestTile())
		if games[i].Won() {
			g.Won++
		}
	}
	g.MeanScore, g.MedianScore = sim.Mean(scores), sim.Median(scores)
	return g
}

// Rank returns the place a game of this score takes among the games begun
// from a fresh start, by score: 1 plus the number of them that scored
// more. A game ties with those of its score.
func Rank(games []Record, score int) int {
	rank := 1
	for i := range games {
		if !games[i].SetUp && games[i].Score > score {
			rank++
		}
	}
	return rank
}
