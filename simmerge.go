package main

import (
	"context"
	"fmt"
	"io"

	"github.com/term2048/2048/ai/regularfile"
	"github.com/term2048/2048/ai/sim"
	"github.com/term2048/2048/tui/atomicfile"
)

// mergeCommand runs "2048 sim -merge": it reports the runs the files of
// opts.merge make together, writing the -csv and -plot files begun.
func mergeCommand(ctx context.Context, stdout io.Writer, opts simOptions, csvFile, plotFile *atomicfile.File) error {
	files := make([]sim.File, len(opts.merge))
	for i, path := range opts.merge {
		if ctx.Err() != nil {
			return errInterrupted
		}
		doc, err := readSimDocument(path)
		if err != nil {
			return fmt.Errorf("-merge: %w", err)
		}
		files[i] = sim.File{Name: path, Doc: doc}
	}
	doc, err := sim.Merge(files)
	if err != nil {
		return fmt.Errorf("-merge: %w", err)
	}
	opts.compare = doc.Compare
	return writeReports(stdout, opts, len(doc.Runs), doc.Runs, csvFile, plotFile)
}

// readSimDocument reads the file at path, written by sim -json.
func readSimDocument(path string) (sim.Document, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return sim.Document{}, fmt.Errorf("%s: %w", path, withoutPath(err))
	}
	defer f.Close()
	doc, err := sim.ReadDocument(f)
	if err != nil {
		return sim.Document{}, fmt.Errorf("%s: %w", path, withoutPath(err))
	}
	return doc, nil
}
