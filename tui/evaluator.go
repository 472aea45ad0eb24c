package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/tui/regularfile"
)

// This file opens the evaluator the AI scores boards with, by its name: the
// commands' -eval and -weights flags, the preferences file and the settings
// screen all open it here. The game opens one in the background and then
// replaces its searcher (see onEval).

// ErrNoWeights is the error, wrapped, of a weights file that does not
// exist.
var ErrNoWeights = errors.New("no trained network")

// DefaultWeightsPath returns where 2048 train keeps its network and the
// learned evaluator reads it by default: ntuple.weights in the store's data
// directory, $XDG_DATA_HOME/2048.
func DefaultWeightsPath() string { return filepath.Join(DefaultStore().DataDir, "ntuple.weights") }

// OpenEvaluator returns the evaluator called name: one of ai.Evaluators, or
// the learned network (ntuple.EvaluatorName) read from the weights file at
// weights ("" for DefaultWeightsPath). For the network it reads the whole
// file, a few hundred megabytes: call it off the screen's goroutine. The
// error says what is wrong: an unknown name, a file missing (wrapping
// ErrNoWeights), damaged or not a regular file.
func OpenEvaluator(name, weights string) (ai.Evaluator, error) {
	if name != ntuple.EvaluatorName {
		return ai.NewEvaluator(name)
	}
	if weights == "" {
		weights = DefaultWeightsPath()
	}
	net, _, err := ReadNetwork(weights)
	if err != nil {
		return nil, err
	}
	return net, nil
}

// ReadNetwork reads the network of the weights file at path, and the state
// of its training. A missing file says how to train one; a damaged one, or
// a path that is not a regular file (a named pipe, which would block, or a
// device), says what is wrong.
func ReadNetwork(path string) (*ntuple.Network, ntuple.State, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ntuple.State{}, fmt.Errorf("%w at %s: train one with \"2048 train -time 1h\" (an hour on two cores)", ErrNoWeights, path)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the message names the path once
		}
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	defer f.Close()
	net, state, err := ntuple.ReadNetwork(f)
	if err != nil {
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	return net, state, nil
}

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
func (m *Model) openEvaluator(name, weights string, byPlayer bool) tea.Cmd {
	m.ai.opens++
	m.ai.opening = name
	id := m.ai.opens
	return func() tea.Msg {
		eval, err := OpenEvaluator(name, weights)
		return evalMsg{id, name, eval, err, byPlayer}
	}
}

// onEval puts the evaluator just opened to use: the search under way is
// cancelled and asked again of a searcher that scores with it, and the
// hint on screen, the old evaluator's, goes. An evaluator that could not
// be opened leaves the AI as it was, and the player is told why: on the
// settings screen if it asked, else as a problem of the preferences file,
// which named it.
func (m *Model) onEval(msg evalMsg) tea.Cmd {
	if msg.id != m.ai.opens || m.ai.opening == "" {
		return nil // dropped: another was asked for since
	}
	m.ai.opening = ""
	if msg.err != nil {
		m.evalRefused(msg)
		return nil
	}
	why := m.ai.thinking
	m.stopSearch()
	m.ai.searcher = ai.NewSearcher(ai.Config{Eval: msg.eval, Threads: m.ai.searcher.Threads()})
	m.ai.evalName, m.ai.hint = msg.name, nil
	m.prefs.evalOpened()
	if msg.byPlayer && m.screens.settings != nil {
		m.wrote("eval", msg.name)
	} else if msg.byPlayer {
		m.savePref("eval", msg.name)
	}
	if why != idle {
		return m.ask(why)
	}
	return nil
}

// evalRefused tells the player why the evaluator of msg could not be
// opened, and that the AI goes on with its own.
func (m *Model) evalRefused(msg evalMsg) {
	text := fmt.Sprintf("%s not opened, the AI keeps %s: %v", msg.name, m.ai.evalName, msg.err)
	switch {
	case msg.byPlayer && m.screens.settings != nil:
		m.screens.settings.say(text, true)
	case msg.byPlayer:
		m.warn(text)
	default:
		problem := fmt.Sprintf("%s: eval = %q: %v; the AI uses %s", m.prefs.path(), msg.name, msg.err, m.ai.evalName)
		m.prefs.Problems = append(m.prefs.Problems, problem)
		m.warn(problem)
	}
}
