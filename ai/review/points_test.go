package review_test

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
)

// pointsEval is the default heuristic taken for an evaluator whose values
// are points to come, as a learned network's are.
type pointsEval struct{ ai.Evaluator }

func (pointsEval) EstimatesScore() bool { return true }

// TestDefaultSetting: the default review searches DefaultDepth plies with
// a heuristic, and NetworkDepth with an evaluator whose values are points,
// which it keeps.
func TestDefaultSetting(t *testing.T) {
	heuristic := ai.NneonneoHeuristic()
	for _, c := range []struct {
		eval     ai.Evaluator
		depth    int
		inPoints bool
	}{{nil, review.DefaultDepth, false}, {heuristic, review.DefaultDepth, false}, {pointsEval{heuristic}, review.NetworkDepth, true}} {
		s := review.DefaultSetting(c.eval)
		if s.Depth != c.depth || s.InPoints() != c.inPoints || s.Eval != c.eval || !s.Deterministic() {
			t.Errorf("DefaultSetting(%T) = %v (in points %v); want depth %d, in points %v, the evaluator kept", c.eval, s, s.InPoints(), c.depth, c.inPoints)
		}
	}
	if got, want := review.DefaultSetting(pointsEval{heuristic}).String(), "depth 3, in points"; got != want {
		t.Errorf("the setting in points reads %q; want %q", got, want)
	}
}

// TestReviewInPoints: a review with an evaluator whose values are points
// searches with it, tells each move's loss in points (the gap of values
// that Loss is a fraction of), and its JSON document says so; a review
// with the heuristic has no points.
func TestReviewInPoints(t *testing.T) {
	g := play(t, randomPlayer(5), 5, 80)
	heuristic := ai.NneonneoHeuristic()
	rev := run(t, g, review.Options{Setting: review.Setting{Depth: 2, Eval: pointsEval{heuristic}}, Workers: 2})
	plain := run(t, g, review.Options{Setting: review.Setting{Depth: 2}, Workers: 2})
	lost, other := 0, 0
	for i, m := range rev.Moves {
		if m.Search.Value != plain.Moves[i].Search.Value {
			other++ // a search in points adds the points each move scores
		}
		p := m.PointsLost()
		switch {
		case m.Verdict == review.Forced && p != 0:
			t.Errorf("move %d, forced: %v points lost; want 0", m.Number, p)
		case m.Verdict != review.Forced && math.Abs(p-m.Loss*math.Max(math.Abs(m.Search.Value[m.Best()]), 1)) > 1e-6*math.Max(p, 1):
			t.Errorf("move %d: %v points lost, loss %v of a best value %v; want the loss's points", m.Number, p, m.Loss, m.Search.Value[m.Best()])
		case p < 0:
			t.Errorf("move %d: %v points lost; want none below 0", m.Number, p)
		}
		if p > 0 {
			lost++
		}
	}
	if lost == 0 || other == 0 {
		t.Fatalf("%d moves of a random player lost points, %d were valued otherwise than by the heuristic; want some of each", lost, other)
	}

	var buf bytes.Buffer
	if err := review.WriteJSON(&buf, review.About{Source: "test", Game: g}, rev); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Setting struct {
			InPoints bool `json:"in_points"`
		} `json:"setting"`
		Moves []struct {
			PointsLost *float64 `json:"points_lost"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.Setting.InPoints || len(doc.Moves) != len(rev.Moves) {
		t.Fatalf("the document in points: in_points %v, %d moves; want true, %d", doc.Setting.InPoints, len(doc.Moves), len(rev.Moves))
	}
	for i, m := range doc.Moves {
		if m.PointsLost == nil || *m.PointsLost != rev.Moves[i].PointsLost() {
			t.Fatalf("move %d of the document: points_lost %v; want %v", i+1, m.PointsLost, rev.Moves[i].PointsLost())
		}
	}
	buf.Reset()
	if err := review.WriteJSON(&buf, review.About{Source: "test", Game: g}, plain); err != nil {
		t.Fatal(err)
	}
	if s := buf.String(); strings.Contains(s, "points") {
		t.Errorf("the document of a review with the heuristic speaks of points:\n%.400s", s)
	}
}
