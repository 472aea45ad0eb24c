package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/figures"
	"github.com/term2048/2048/tui/settings"
)

// This file shows the network the game offers (see FindNetwork): a play
// file built into the game or put in the data directory, for a player
// with no network of their own. The panel says that it is there until the
// AI uses it (the help, not the panel, names the evaluator in use), the
// settings where it is and what it is; the heuristic stays the AI's until
// the player chooses the network.

// offerLine returns the panel's line about the network on offer, and
// true, while there is one and the AI does not use the learned evaluator;
// otherwise the line shows the theme.
func (ps *playScreen) offerLine(m *Model, width int) (string, bool) {
	o := m.ai.offer
	if o == nil || m.ai.evalName == ntuple.EvaluatorName {
		return "", false
	}
	state := settings.FirstKey(m.keys.Settings) + " to use"
	if o.Err != nil {
		state = "damaged"
	}
	return m.look.field("NETWORK", o.short()+" · "+state, width), true
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
