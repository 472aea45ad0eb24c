package main

import (
	"fmt"
	"os"

	"github.com/term2048/2048/tui/atomicfile"
)

// A namedFile is a file of a command's line and the flag that names it.
type namedFile struct{ flag, path string }

// checkOutputs refuses an output that is the file of one of inputs, named
// the same or otherwise (a link, another spelling of the path): the
// command would read it, then replace it whole with what it writes, and
// what it held would be lost (a weights file of hours of training turned
// into its play file, say). An output that does not exist yet, and an
// input that cannot be found, which the command refuses on its own, pass.
func checkOutputs(outputs, inputs []namedFile) error {
	for _, out := range outputs {
		if out.path == "" {
			continue
		}
		o, err := os.Stat(out.path)
		if err != nil {
			continue
		}
		for _, in := range inputs {
			if in.path == "" {
				continue
			}
			if i, err := os.Stat(in.path); err == nil && os.SameFile(o, i) {
				return fmt.Errorf("%s %s is also the file of %s: writing it would replace what it holds; give another file", out.flag, out.path, in.flag)
			}
		}
	}
	return nil
}

// createOutput starts writing the file named by flag at path, so that a bad
// path fails before the games are played; the file gets its name when the
// report is written. An empty path asks for no file: nil, which Abort
// accepts.
func createOutput(flag, path string) (*atomicfile.File, error) {
	if path == "" {
		return nil, nil
	}
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, withoutPath(err))
	}
	return f, nil
}
