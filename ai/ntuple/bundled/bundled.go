// Package bundled holds the network built into the game: the play file
// (see ntuple.Checkpoint.WritePlay) at network/ntuple.play is embedded in
// it, and the game offers it as the learned evaluator when the player has
// no network of their own. Without that file the game builds and plays as
// ever, with its heuristics alone; docs/training.md says how the network
// was made and measured.
package bundled

import (
	"embed"
	"io/fs"
)

// Path is the path of the play file in FS.
const Path = "network/ntuple.play"

// files holds the files of the directory network: its README, and the
// play file if there is one. A pattern that named the play file alone
// would fail to build without it.
//
//go:embed network/*
var files embed.FS

// FS returns the files built into the game, in which the network, if there
// is one, is at Path.
func FS() fs.FS { return files }
