package playerdata

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestFilesPracticeDamaged: a practice file that does not decode is moved
// aside, kept as it was, and an empty practice comes with the error.
func TestFilesPracticeDamaged(t *testing.T) {
	s := &Files{DataDir: t.TempDir()}
	damaged := []byte("2048-practice 1 crc32c 00000000\n{}")
	if err := os.WriteFile(s.PracticePath(), damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := s.LoadPractice()
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.MovedTo == "" || d == nil || len(d.Puzzles) != 0 {
		t.Fatalf("LoadPractice of a damaged file = %+v, %v; want an empty deck and a *CorruptError that moved it", d, err)
	}
	if kept, err := os.ReadFile(ce.MovedTo); err != nil || string(kept) != string(damaged) {
		t.Errorf("the file moved aside holds %q, %v; want it as it was", kept, err)
	}
	if d, err := s.LoadPractice(); err != nil || len(d.Puzzles) != 0 {
		t.Errorf("LoadPractice once moved aside = %+v, %v; want an empty deck", d, err)
	}
}

// TestFilesPracticeNewer: a practice of a newer version is left as it is.
func TestFilesPracticeNewer(t *testing.T) {
	s := &Files{DataDir: t.TempDir()}
	if err := os.WriteFile(s.PracticePath(), []byte("2048-practice 9 crc32c 00000000\n{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := s.LoadPractice()
	var ue *UnreadableError
	if !errors.As(err, &ue) || d != nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("LoadPractice of a newer file = %+v, %v; want no deck and an *UnreadableError", d, err)
	}
	if _, err := os.Stat(s.PracticePath()); err != nil {
		t.Errorf("the newer file: %v; want it left where it is", err)
	}
}
