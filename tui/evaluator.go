package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/ai/ntuple/bundled"
	"github.com/term2048/2048/tui/playerdata"
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
func DefaultWeightsPath() string {
	return filepath.Join(playerdata.DefaultFiles().DataDir, "ntuple.weights")
}

// DefaultPlayPath returns where a player may put a play file (see
// ntuple.Checkpoint.WritePlay) for the learned evaluator to read when they have no
// network of their own: ntuple.play in the store's data directory.
func DefaultPlayPath() string { return filepath.Join(playerdata.DefaultFiles().DataDir, "ntuple.play") }

// builtIn names the network built into the game in messages.
const builtIn = "the network built into the game"

// OpenEvaluator returns the evaluator called name: one of ai.Evaluators, or
// the learned network (ntuple.EvaluatorName) read from the file weights,
// or, for weights "", from the first of DefaultWeightsPath, DefaultPlayPath
// and the network built into the game (package bundled) that exists. For
// the network it reads the whole file, tens or hundreds of megabytes: call
// it off the screen's goroutine. The error says what is wrong: an unknown
// name, no network (wrapping ErrNoWeights), a file damaged or not a regular
// file.
func OpenEvaluator(name, weights string) (ai.Evaluator, error) {
	if name != ntuple.EvaluatorName {
		return ai.NewEvaluator(name)
	}
	var net *ntuple.Network
	var err error
	if weights != "" {
		net, _, err = ReadNetwork(weights)
	} else {
		net, err = defaultNetworks().open()
	}
	if err != nil {
		return nil, err
	}
	return net, nil
}

// ReadNetwork reads the network of the weights file or play file at path,
// and the state of its training. A missing file says how to train one; a
// damaged one, or a path that is not a regular file (a named pipe, which
// would block, or a device), says what is wrong.
func ReadNetwork(path string) (*ntuple.Network, ntuple.State, error) {
	f, err := openNetworkFile(path)
	if err != nil {
		return nil, ntuple.State{}, err
	}
	defer f.Close()
	net, state, err := ntuple.ReadNetwork(f)
	if err != nil {
		return nil, ntuple.State{}, fmt.Errorf("weights file %s: %w", path, err)
	}
	return net, state, nil
}

// openNetworkFile opens the regular file at path, or says why not.
func openNetworkFile(path string) (fs.File, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s: train one with \"2048 train -time 1h\" (an hour on two cores)", ErrNoWeights, path)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the message names the path once
		}
		return nil, fmt.Errorf("weights file %s: %w", path, err)
	}
	return f, nil
}

// networks are the places where the learned evaluator looks for its
// network when no weights file is named, in order: the player's own
// (trained), one they put in the data directory (dropped), and the one
// built into the game (bundled, nil for none).
type networks struct {
	trained, dropped string
	bundled          fs.FS
}

// defaultNetworks returns the places of the game's own directories and
// of package bundled.
func defaultNetworks() networks {
	return networks{trained: DefaultWeightsPath(), dropped: DefaultPlayPath(), bundled: bundled.FS()}
}

// first returns the path of the first file of n that exists, "" for the
// bundled one, and false if none does.
func (n networks) first() (string, bool) {
	for _, path := range []string{n.trained, n.dropped} {
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			return path, true
		}
	}
	if n.bundled != nil {
		if _, err := fs.Stat(n.bundled, bundled.Path); err == nil {
			return "", true
		}
	}
	return "", false
}

// open reads the first network of n.
func (n networks) open() (*ntuple.Network, error) {
	path, ok := n.first()
	switch {
	case !ok:
		return nil, fmt.Errorf("%w at %s: train one with \"2048 train -time 1h\" (an hour on two cores), or put a play file at %s",
			ErrNoWeights, n.trained, n.dropped)
	case path != "":
		net, _, err := ReadNetwork(path)
		return net, err
	}
	f, err := n.bundled.Open(bundled.Path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", builtIn, err)
	}
	defer f.Close()
	net, _, err := ntuple.ReadNetwork(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", builtIn, err)
	}
	return net, nil
}

// A NetworkOffer is the play file the learned evaluator reads when no
// weights file is named and the player has none of their own, as
// FindNetwork found it: built into the game or put in the data directory,
// and checked.
type NetworkOffer struct {
	Where  string // the file, or "the network built into the game"
	Design ntuple.Design
	State  ntuple.State // the counts of its training
	// StageTiles holds the tile from which each stage of a network of
	// stages values boards (see ntuple.Staged); nil for one stage.
	StageTiles []int
	Err        error // why it cannot be read: it is damaged
}

// FindNetwork returns the play file the learned evaluator reads when no
// weights file is named, its checksums checked (a few milliseconds), or
// nil if the player has a network of their own (DefaultWeightsPath) or
// there is none.
func FindNetwork() *NetworkOffer { return defaultNetworks().offer() }

// offer returns the play file of n that open would read, checked, or nil.
func (n networks) offer() *NetworkOffer {
	path, ok := n.first()
	if !ok || path == n.trained {
		return nil
	}
	o := &NetworkOffer{Where: path}
	var f fs.File
	if path == "" {
		o.Where = builtIn
		f, o.Err = n.bundled.Open(bundled.Path)
	} else {
		f, o.Err = openNetworkFile(path)
	}
	if o.Err != nil {
		return o
	}
	defer f.Close()
	info, err := ntuple.CheckPlay(f)
	o.Design, o.State, o.StageTiles, o.Err = info.Design, info.State, info.StageTiles, err
	return o
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
