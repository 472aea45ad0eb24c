package training

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/schedule"
)

// TestRunError: the end of a schedule says what the weights file keeps,
// and an interruption, which reads as one, still wraps the context's error
// that tells a command's exit status.
func TestRunError(t *testing.T) {
	other := errors.New("disk full")
	for _, c := range []struct {
		err  error
		want string
		is   error
	}{
		{context.Canceled, "interrupted; -resume goes on from n.weights", context.Canceled},
		{fmt.Errorf("evaluating: %w", context.DeadlineExceeded), "interrupted; -resume goes on from n.weights", context.DeadlineExceeded},
		{ntuple.ErrDiverged, ntuple.ErrDiverged.Error() + ": stopped; n.weights keeps the network of the last checkpoint", ntuple.ErrDiverged},
		{&schedule.CollapseError{Best: 120000, Mean: 40000}, "the mean score fell from 120,000 to 40,000: training stopped; n.weights keeps the network of the last checkpoint", nil},
		{other, "disk full", other},
		{nil, "", nil},
	} {
		err := runError(c.err, "n.weights")
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want || c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("runError(%v) = %q; want %q, wrapping %v", c.err, got, c.want, c.is)
		}
	}
}
