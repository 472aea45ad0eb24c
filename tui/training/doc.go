// Package training runs what 2048 train does: a training of the learned
// evaluator from a new network, from another network's weights or from the
// checkpoint of its weights file, with the first stage of a network of two
// stages if it trains the second; the reports of its schedule on stderr
// and stdout; and the export of a network, or of two stages, as a play
// file. Its messages name the files and the settings by the flags of 2048
// train, which its Options hold.
//
// An interrupted training or export returns an error that reads
// "interrupted …" and wraps the context's error.
package training
