// Package outputs starts the files that the commands write beside their
// reports (sim's -csv and -plot, train's files and its -export): an output
// that is also one of the command's inputs is refused before anything is
// read, and an output is started before the work, so that a bad path fails
// at once. Errors name each file by its flag.
package outputs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/term2048/2048/tui/atomicfile"
)

// A File is a file of a command's line and the flag that names it; an
// empty Path names none.
type File struct{ Flag, Path string }

// Check refuses an output that is the file of one of inputs, named the
// same or otherwise (a link, another spelling of the path): the command
// would read it, then replace it whole with what it writes, and what it
// held would be lost (a weights file of hours of training turned into its
// play file, say). An output that does not exist yet, and an input that
// cannot be found, which the command refuses on its own, pass.
func Check(outputs, inputs []File) error {
	for _, out := range outputs {
		if out.Path == "" {
			continue
		}
		o, err := os.Stat(out.Path)
		if err != nil {
			continue
		}
		for _, in := range inputs {
			if in.Path == "" {
				continue
			}
			if i, err := os.Stat(in.Path); err == nil && os.SameFile(o, i) {
				return fmt.Errorf("%s %s is also the file of %s: writing it would replace what it holds; give another file", out.Flag, out.Path, in.Flag)
			}
		}
	}
	return nil
}

// Create starts writing the file named by flag at path, so that a bad path
// fails before the work is done; the file gets its name when the command
// commits it. An empty path asks for no file: nil, which Abort accepts.
func Create(flag, path string) (*atomicfile.File, error) {
	if path == "" {
		return nil, nil
	}
	f, err := atomicfile.Create(path, 0o644)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the message names the path itself
	}
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	return f, nil
}
