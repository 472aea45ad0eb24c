package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/term2048/2048/tui/figures"
)

// defaultStarts is how many boards of the first stage's games a second
// stage's games start from (-starts): enough that no start comes back
// often (a game from one lasts thousands of moves, with random tiles), and
// found in about a minute on two cores.
const defaultStarts = 10_000

// checkStage reports what is wrong with the options of a second stage:
// -stage-tile and -starts go with -first, and -init-from with a new
// network, not with -init.
func (o *trainOptions) checkStage() error {
	switch {
	case o.First == "" && (o.Given["stage-tile"] || o.Given["starts"]):
		return errors.New("-stage-tile and -starts go with -first FILE, the first stage of the network whose second stage is trained")
	case o.First != "":
		if err := checkStageTile(o.StageTile); err != nil {
			return err
		}
		if o.Starts < 1 || o.Starts > maxStarts {
			return fmt.Errorf("-starts %d: want 1 to %s boards", o.Starts, figures.Count(maxStarts))
		}
	}
	switch {
	case o.InitFrom != "" && o.Resume:
		return errors.New("-init-from: a resumed training goes on with the network of its file")
	case o.InitFrom != "" && o.Given["init"]:
		return errors.New("-init and -init-from both say where a new network starts: give one")
	}
	return nil
}

// checkStageTile reports a -stage-tile that is not a tile a second stage
// can begin at.
func checkStageTile(tile int) error {
	if tile < 4 || tile > 32768 || tile&(tile-1) != 0 {
		return fmt.Errorf("-stage-tile %d: want a tile from 4 to 32768", tile)
	}
	return nil
}

// maxStarts bounds -starts: each costs a game of the first stage.
const maxStarts = 1_000_000

// parseStageShift parses -stage-shift: auto, nil, or a number of points.
func parseStageShift(s string) (*float64, error) {
	if s == "auto" {
		return nil, nil
	}
	p, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(p) || math.Abs(p) > maxInitial {
		return nil, fmt.Errorf("want auto, or a number of points from %g to %g", -maxInitial, maxInitial)
	}
	return &p, nil
}
