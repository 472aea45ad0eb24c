package training

import (
	"time"

	"github.com/term2048/2048/ai/ntuple"
)

// Options are what a training or an export is asked to do, as the flags of
// 2048 train say it; the package's messages name each option by its flag.
type Options struct {
	Duration        time.Duration // -time: the run's length, or 0
	Episodes        int64         // -episodes: the run's games, or 0
	Design          ntuple.Design // -net: the network of a new training
	Threads         int           // -threads: the goroutines that train, or that measure where two stages meet
	Seed            uint64        // -seed: the seed of a new training's games
	Weights         string        // -weights: the weights file, trained or exported
	Curve           string        // -log: the learning curve's CSV file
	Plot            string        // -plot: the learning curve's drawing, or "" for none
	Resume          bool          // -resume: go on training the network of the weights file
	Export          string        // -export: the play file to write, and nothing is trained; or ""
	First           string        // -first: the first stage of the network whose second stage is trained or exported, or ""
	StageTile       int           // -stage-tile: the tile from which the second stage values boards
	Starts          int           // -starts: how many boards of the first stage's games the second's start from
	InitFrom        string        // -init-from: the file of the network a new training starts from, or ""
	Step            float64       // -step: the export's step, in points
	Tiers           ntuple.Tiers  // -tiers: the export's rounding, by how much play adjusted each weight
	StageShift      *float64      // -stage-shift: the export's shift of a second stage's values, or nil to measure it
	Coherence       float64       // -coherence: the last fraction of the run spent in the TC phase
	Lambda          float64       // -lambda: the λ of the λ-returns, 0 for TD(0)
	Initial         float64       // -init: the value of every board in a new network
	Restart         int           // -restart: the length from which a game is played again from its middle
	Rate            float64       // -rate: the learning rate of the TD phase
	CoherenceRate   float64       // -coherence-rate: the learning rate of the TC phase
	EvalEvery       time.Duration // -eval-every: the time between evaluations
	EvalGames       int           // -eval-games: the games of an evaluation
	EvalDepth       int           // -eval-depth: the plies of the evaluation's games
	CheckpointEvery time.Duration // -checkpoint-every: the time between checkpoints
	// Given holds the flags given on the command line, by name: a flag
	// left out means its default, or what the weights file keeps.
	Given map[string]bool
}
