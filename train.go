package main

import (
	"context"
	"io"
	"time"

	"github.com/term2048/2048/tui/training"
)

const trainSynopsis = `2048 train (-time D | -episodes N) [-net 4x6|8x6] [-threads T] [-seed S]
             [-weights FILE] [-resume] [-init V] [-lambda L] [-coherence F] [-restart N]
             [-rate A] [-coherence-rate A]
             [-eval-every D] [-eval-games N] [-eval-depth N]
             [-checkpoint-every D] [-log FILE] [-plot FILE] [-init-from FILE]
             [-first FILE [-stage-tile N] [-starts N]]
       2048 train -export FILE [-weights FILE] [-first FILE [-stage-tile N] [-stage-shift P]]
             [-step P] [-tiers T] [-threads T]`

const trainAbout = `Train trains the learned evaluator, an n-tuple network, by playing games
against itself. Each game, once played, is walked backwards, each board
after a move moved toward its λ-return (-lambda; 0 learns after every move
instead, TD(0)); each weight learns at a rate of its own that falls as its
errors cancel out (temporal coherence, over the last fraction -coherence
of the run: all of it by default); every board starts at a value of 0
(-init), and long games are played again from their middle (-restart).
"-eval ntuple" then uses the network in hint, sim, bench and the game.

The network and the state of its training are kept in the weights file
(-weights, 256 MiB for 4x6, 512 MiB for 8x6), written atomically every few
minutes, at the end, and on ctrl+c, SIGTERM or SIGQUIT (a second ctrl+c
stops at once, keeping the last checkpoint); -resume continues from it.
A file that is not empty is never replaced by a new network without
-resume, and a second training of the same file is refused while one runs.

Every -eval-every, training pauses for a fixed evaluation: -eval-games
games at one ply (the move of highest points plus value), on the same seeds
each time, whose mean score and 2048, 8192, 16384 and 32768 rates, with 95%
intervals, are printed on stdout and kept in the learning curve (-log, a
CSV file beside the weights; -plot draws it). -eval-depth 3 plays them
with a search 3 plies deep instead, as the game's AI plays: the measure of
a training for play with search, a few hundred times as slow (fewer games:
-eval-games 100). If the values stop being numbers, or the mean score
falls below half its best at the same depth, training stops and the file
keeps the last good network. Progress goes to stderr: the games,
the moves a second, the mean score and the tile rates of the last minute,
the time left.

An hour on two cores is a good first network:
	2048 train -time 1h -plot curve.png

A network of two stages values the late game with a network of its own:
-first FILE trains the second stage, for the boards that hold 16384
(-stage-tile) or more, in games that start where the first stage FILE
first reaches it (-starts such boards), the network starting from the
first stage's weights (or -init-from's); its evaluations play both
stages, the second shifted to meet the first as -export shifts it.
-export with -first writes both stages as one play file, or with
-stage-tile any two networks, the second played from that tile on; it
plays the first stage until it holds the tile, 2,000 times, and raises
the second stage's values by what the two stages' values differ there,
so that a search weighs a move into the second stage fairly
(-stage-shift P shifts it by P points instead, 0 not at all):
	2048 train -weights first.weights -time 1h -restart 0
	2048 train -weights second.weights -first first.weights -time 1h
	2048 train -export both.play -weights second.weights -first first.weights

With -export FILE, train trains nothing: it writes the network of the
weights file as a play file, what a player needs of it and no more (tens of
megabytes, no training state), each weight rounded to a multiple of -step
points above its tuple's lowest, or of several steps for the weights play
adjusted least (-tiers; a smaller file, for a network to ship). The game, hint, sim and bench read either
kind of file; a play file put as ntuple.play in the game's data directory,
beside the weights file, is offered to a player who has no network of their
own.
`

// trainOptions is the parsed command line of train.
type trainOptions struct{ training.Options }

// Defaults of train's flags.
const (
	defaultEvalEvery       = 5 * time.Minute
	defaultEvalGames       = 1000
	defaultCheckpointEvery = 5 * time.Minute
	// defaultCoherence, defaultLambda and defaultInitial are the recipe of
	// ziap/2048-tdl: λ-returns with temporal coherence from the first game,
	// every weight starting at 0. On this project's 2-core machine it made
	// a network of 124,450 at one ply in 10 minutes and 142,068 in 20; the
	// earlier default (TD(0) from an optimistic 320,000, coherence over the
	// second half) had 30,781 at 10 minutes, 107,767 after an hour, and
	// flattened out at about 125,000 (docs/training.md).
	defaultCoherence = 1.0
	defaultLambda    = 0.5
	defaultInitial   = 0.0
	// maxRestart bounds -restart: a game of 2048 lasts at most about
	// 100,000 moves.
	maxRestart = 1 << 20
	// maxInitial bounds -init: no game of 2048 scores 4 million points.
	maxInitial = 4e6
)

// trainCommand runs "2048 train": it trains a network, or goes on training
// one, as args say, and reports on stderr; stdout gets the summary of each
// evaluation. With -export it writes a play file instead (see
// training.Export).
func trainCommand(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	opts, err := parseTrainFlags(args, stdout, stderr)
	if err != nil {
		return err
	}
	if opts.Export != "" {
		return training.Export(ctx, opts.Options, stdout, stderr)
	}
	return training.Run(ctx, opts.Options, stdout, stderr, isTerminal(stderr))
}
