package tui

import "testing"

// TestQuestions: a front end's questions are the model's, one for one
// (State converts them by their order).
func TestQuestions(t *testing.T) {
	for q, want := range map[question]Question{noQuestion: NoQuestion, confirmNew: ConfirmNew, confirmDaily: ConfirmDaily, wonKeepGoing: WonKeepGoing} {
		if got := Question(q); got != want {
			t.Errorf("Question(%d) = %d; want %d", q, got, want)
		}
	}
}
