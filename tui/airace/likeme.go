package airace

import (
	"context"
	"os"

	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/tui/history"
)

// RecentGames is how many of the player's last games an AI like the player
// is measured on.
const RecentGames = 10

// DefaultLikeDepth is the depth of an AI like a player none of whose
// recent games was reviewed: 2 plies, about 89% accurate.
const DefaultLikeDepth = 2

// depthAccuracy is the accuracy, in percent, of the AI's own games at each
// depth from 1 ply, as the review rates them at its default setting: the
// means of docs/studies.md, "The accuracy of each player" (greedy for 1
// ply); from 5 plies every move is the review's own.
var depthAccuracy = []float64{80, 89, 94, 99, 100}

// LikeDepth returns the depth whose AI is as accurate as the player: the
// one whose accuracy (depthAccuracy) is nearest the mean of accuracies,
// the shallower of two as near; DefaultLikeDepth without any.
func LikeDepth(accuracies []float64) int {
	if len(accuracies) == 0 {
		return DefaultLikeDepth
	}
	mean := 0.0
	for _, a := range accuracies {
		mean += a / float64(len(accuracies))
	}
	best := 0
	for i, a := range depthAccuracy {
		if abs(a-mean) < abs(depthAccuracy[best]-mean) {
			best = i
		}
	}
	return best + 1
}

// abs returns the absolute value of x.
func abs(x float64) float64 { return max(x, -x) }

// PlayerAccuracies returns the accuracy of each of the player's last
// RecentGames games that was reviewed whole at the game's setting and has
// moves of the player's own, the newest first. A history or a review that
// cannot be read counts as none: the race goes on without it.
func PlayerAccuracies(ctx context.Context, r Reviews) []float64 {
	if r == nil {
		return nil
	}
	f, err := os.Open(r.HistoryPath())
	if err != nil {
		return nil
	}
	log, _ := history.Read(f)
	f.Close()
	set := review.Setting{Depth: review.DefaultDepth}
	var accuracies []float64
	for i, seen := len(log.Games)-1, 0; i >= 0 && seen < RecentGames && ctx.Err() == nil; i-- {
		g := log.Games[i]
		if g.SetUp {
			continue
		}
		seen++
		rg := review.Game{Transcript: g.Transcript, By: g.By}
		known, err := r.LoadReview(rg, set)
		if err != nil || len(known) < g.MoveCount {
			continue // not reviewed whole: its accuracy is not known
		}
		rev, err := review.Run(ctx, rg, review.Options{Setting: set, Workers: 1, Known: known})
		if err != nil {
			continue
		}
		if s := rev.Summary(); s.Rated > 0 {
			accuracies = append(accuracies, s.Accuracy)
		}
	}
	return accuracies
}
