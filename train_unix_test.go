//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestTrainPathsNotRegular checks that each file flag of train given a
// FIFO, a device, a directory or a loop of symbolic links is refused at
// once with what it is, for a new training and a resumed one: a FIFO
// opened to read would wait for a writer for ever, deaf to ctrl+c, and a
// device never end. A test that hangs here has found one opened.
func TestTrainPathsNotRegular(t *testing.T) {
	dir := t.TempDir()
	trained := filepath.Join(dir, "trained.weights") // a network to resume, with its curve
	train(t, 0, "-episodes", "2", "-eval-games", "1", "-weights", trained)
	kinds := []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"fifo", func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Skip("no FIFO here:", err)
			}
		}, "not a regular file"},
		{"device", func(t *testing.T, path string) {
			if err := os.Symlink(os.DevNull, path); err != nil {
				t.Skip("no symbolic links here:", err)
			}
		}, "not a regular file"},
		{"directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "is a directory"},
		{"loop", func(t *testing.T, path string) {
			other := path + ".other.png"
			if os.Symlink(other, path) != nil || os.Symlink(path, other) != nil {
				t.Skip("no symbolic links here")
			}
		}, "symbolic links"},
	}
	for _, flag := range []string{"-weights", "-log", "-plot"} {
		for _, resume := range []bool{false, true} {
			for _, kind := range kinds {
				name := strings.TrimPrefix(flag, "-") + "/" + kind.name
				if resume {
					name += "/resume"
				}
				t.Run(name, func(t *testing.T) {
					path := filepath.Join(t.TempDir(), kind.name+".png")
					kind.make(t, path)
					args := []string{"-episodes", "1", flag, path}
					switch {
					case flag != "-weights" && resume:
						args = append(args, "-weights", trained)
					case flag != "-weights":
						args = append(args, "-weights", filepath.Join(t.TempDir(), "new.weights"))
					}
					if resume {
						args = append(args, "-resume")
					}
					_, stderr := train(t, 1, args...)
					if want := flag + " " + path + ": "; !strings.Contains(stderr, want) || !strings.Contains(stderr, kind.want) {
						t.Errorf("train %q: stderr %q; want %q and %q", args, stderr, want, kind.want)
					}
				})
			}
		}
	}
	if _, err := os.Stat(os.DevNull); err != nil {
		return
	}
	_, stderr := train(t, 1, "-episodes", "1", "-weights", os.DevNull)
	if want := "-weights " + os.DevNull + ": not a regular file"; !strings.Contains(stderr, want) {
		t.Errorf("train -weights %s: stderr %q; want %q", os.DevNull, stderr, want)
	}
}
