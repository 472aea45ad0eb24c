package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/settings"
)

// This file shows the network the game offers (see FindNetwork): a play
// file built into the game or put in the data directory, for a player
// with no network of their own. The panel's AI line names the evaluator
// that hints and, while the AI does not use the network, the key that
// offers it; the settings say where it is and what it is. The heuristic
// stays the AI's until the player chooses the network.

// aiLine returns the panel's line naming the AI that hints: its
// evaluator, the one being opened, or the network on offer and the key of
// the settings that switch to it.
func (ps *playScreen) aiLine(m *Model, width int) string {
	name := evaluatorWord(m.ai.evalName)
	o := m.ai.offer
	switch {
	case m.ai.opening != "":
		name += " · opening " + evaluatorWord(m.ai.opening) + "…"
	case o == nil || m.ai.evalName == ntuple.EvaluatorName:
	case o.Err != nil:
		name += " · network damaged"
	default:
		name += " · " + settings.FirstKey(m.keys.Settings) + ": network"
	}
	return m.look.field("AI", name, width)
}

// evaluatorWord names an evaluator for the panel: "network" for the
// learned one, "heuristic" for the default heuristic, the name of any
// other.
func evaluatorWord(name string) string {
	switch name {
	case ntuple.EvaluatorName:
		return "network"
	case ai.Evaluators()[0].Name:
		return "heuristic"
	}
	return name
}

// short names where the offer is, in a few words.
func (o *NetworkOffer) short() string {
	if o.Where == builtIn {
		return "built in"
	}
	return "ntuple.play"
}

// about describes the offer: where it is, what it is, and what is wrong
// with it if it is damaged.
func (o *NetworkOffer) about() string {
	if o.Err != nil {
		return fmt.Sprintf("%s, which is damaged: %v", o.Where, o.Err)
	}
	return fmt.Sprintf("%s (%s, trained on %s games)", o.Where, o.what(), figures.Count(o.State.Episodes))
}

// what names the network on offer: its design, and its stages if it has
// more than one.
func (o *NetworkOffer) what() string {
	if len(o.StageTiles) < 2 {
		return o.Design.String()
	}
	later := make([]string, len(o.StageTiles)-1)
	for i, tile := range o.StageTiles[1:] {
		later[i] = strconv.Itoa(tile)
	}
	return fmt.Sprintf("%v in %d stages, the later from %s", o.Design, len(o.StageTiles), strings.Join(later, " and "))
}

// problem says, at start, that the network on offer cannot be used.
func (o *NetworkOffer) problem() string {
	return fmt.Sprintf("%s: %v; the AI keeps to its heuristics", o.Where, o.Err)
}
