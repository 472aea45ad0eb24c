package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/evaluators"
	"github.com/term2048/2048/ai/review"
)

// This file opens the evaluator the AI scores boards with, by its name,
// through package evaluators, as the commands do: the preferences file
// and the settings screen name it. The game opens one in the background
// and then replaces its searcher (see onEval).

// A NetworkOffer is the play file the learned evaluator reads when no
// weights file is named and the player has none of their own, as
// evaluators.FindNetwork found it; the game shows it (see offer.go).
type NetworkOffer evaluators.NetworkOffer

// FindNetwork returns the network the game offers to a player with none
// of their own, checked (see evaluators.FindNetwork), or nil.
func FindNetwork() *NetworkOffer { return (*NetworkOffer)(evaluators.FindNetwork()) }

// builtIn names the network built into the game, as NetworkOffer.Where
// does.
const builtIn = evaluators.BuiltIn

// evalMsg is the evaluator called name, opened by the opening numbered id,
// or why it could not be opened. byPlayer says that the settings screen
// asked for it, not the preferences file.
type evalMsg struct {
	id       uint64
	name     string
	eval     ai.Evaluator
	err      error
	byPlayer bool
}

// openEvaluator opens the evaluator called name in the background, the
// network from the file weights ("" for the default one); onEval puts it
// to use. An opening under way is dropped.
func (a *assistant) openEvaluator(name, weights string, byPlayer bool) tea.Cmd {
	a.opens++
	a.opening = name
	id := a.opens
	return func() tea.Msg {
		eval, err := evaluators.Open(name, weights)
		return evalMsg{id, name, eval, err, byPlayer}
	}
}

// onEval puts the evaluator just opened to use: the search under way is
// cancelled and asked again of a searcher that scores with it, and the
// hint on screen, the old evaluator's, goes. An evaluator that could not
// be opened leaves the AI as it was, and the player is told why: on the
// settings screen if it asked, else as a problem of the preferences file,
// which named it.
func (a *assistant) onEval(m *Model, msg evalMsg) tea.Cmd {
	if msg.id != a.opens || a.opening == "" {
		return nil // dropped: another was asked for since
	}
	a.opening = ""
	if msg.err != nil {
		a.evalRefused(m, msg)
		return nil
	}
	why := a.thinking
	a.stopSearch()
	a.searcher = ai.NewSearcher(ai.Config{Eval: msg.eval, Threads: a.searcher.Threads()})
	a.evalName, a.hint = msg.name, nil
	m.screens.reviewAt = reviewSettingFor(msg.eval) // the replays opened from now on
	if m.coach.rater != nil {                       // the coach rates as the review will
		m.coach.stopCoach()
		m.coach.rater = review.NewCoach(m.screens.reviewAt)
	}
	m.prefs.DropEvalProblems()
	var save tea.Cmd
	if msg.byPlayer && m.screens.settings() != nil {
		save = m.saveOption("eval", msg.name)
	} else if msg.byPlayer {
		save = m.savePref("eval", msg.name)
	}
	if why != idle {
		return tea.Batch(save, a.ask(m, why))
	}
	return save
}

// evalRefused tells the player why the evaluator of msg could not be
// opened, and that the AI goes on with its own.
func (a *assistant) evalRefused(m *Model, msg evalMsg) {
	text := fmt.Sprintf("%s not opened, the AI keeps %s: %v", msg.name, a.evalName, msg.err)
	switch {
	case msg.byPlayer && m.screens.settings() != nil:
		m.screens.settings().say(text, true)
	case msg.byPlayer:
		m.warn(text)
	default:
		problem := fmt.Sprintf("%s: eval = %q: %v; the AI uses %s", m.prefs.Where(), msg.name, msg.err, a.evalName)
		m.prefs.Problems = append(m.prefs.Problems, problem)
		m.warn(problem)
	}
}
