// Package settings holds the player's preferences and the keys of the game:
// what the preferences file $XDG_CONFIG_HOME/2048/config.toml says, the
// defaults where it is silent or wrong, the problems it has, each with its
// line, and the writes of the settings the player changes in the game. The
// game's screens show them and change them; this package knows nothing of
// the screens.
//
// The file itself, TOML edited in place with the player's comments kept,
// is package prefs, kept apart: it reads and writes any such file and knows
// no setting of the game, so that its text handling (lines, byte order
// marks, values replaced in place, files it must not write) is tested on
// its own. This package gives the file's values their meaning.
package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/ntuple"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/prefs"
)

// Prefs are the player's preferences, from the file
// $XDG_CONFIG_HOME/2048/config.toml: the theme, the AI's depth, the pace of
// autoplay, and the keys. The command line's flags override them for the
// session; a change made in the game (the settings screen, t, + - 0, [ ]) is
// written back to the file (see Change and Writes), in place, keeping the
// player's comments. The game reads the file again when it changes on disk
// (see LoadIfChanged), and takes the settings changed in it.
type Prefs struct {
	Theme theme.Theme
	Depth int // ai.Auto or plies
	Speed time.Duration
	// Animate says whether the tiles slide when they move; they never do
	// without colour.
	Animate bool
	// Coach says whether a mark beside the move count rates each of the
	// player's moves as it is played.
	Coach bool
	// Eval names the evaluator the AI scores boards with, one of
	// ai.Evaluators or the learned network (ntuple.EvaluatorName), read
	// from Weights ("" for the command's default file). The command opens
	// it; the game shows its name.
	Eval    string
	Weights string
	Keys    KeyMap

	// Problems say what was wrong in the file, each with its line: the
	// game then takes the default of what was wrong (all the default keys,
	// for a problem in [keys]), and shows them until the file is fixed. The
	// command may add its own about the file's settings (an evaluator it
	// could not open).
	Problems []string

	file  *prefs.File // nil: no file, nothing is written
	read  int         // how many of Problems the file itself had
	stamp Stamp       // the file as it was when read or last written
}

// DefaultSpeed is the least time between two moves of the AI by default.
const DefaultSpeed = 200 * time.Millisecond

// DefaultPrefs returns the preferences of a player with no file.
func DefaultPrefs() *Prefs {
	return &Prefs{Theme: theme.Default(), Depth: ai.Auto, Speed: DefaultSpeed, Animate: true,
		Eval: ai.Evaluators()[0].Name, Keys: DefaultKeyMap()}
}

// The automatic depth of the default heuristic (ai.DepthOf) runs from
// MinAutoDepth plies on a board of few tiles to MaxAutoDepth (ai.MaxDepth)
// on a board of every tile; the network has a rule of its own (see
// ai.SearchEffort and ntuple.AutoDepthOf). The depth setting "auto" means
// the evaluator's rule.
var (
	MinAutoDepth = ai.DepthOf(0)
	MaxAutoDepth = ai.DepthOf(0x0123_4567_89ab_cdef)
)

// A setting is a line of the top of the file.
type setting struct {
	name    string
	doc     string // its comment in the file the game writes
	example string // its default, as the file writes it
	apply   func(p *Prefs, v any) error
}

// settings are the top-level settings of the file; a setting is a line of
// this table.
var settings = []setting{
	{"theme", "The colour theme: " + strings.Join(theme.Names(), ", ") + ".", `"` + theme.Default().Name + `"`,
		func(p *Prefs, v any) error {
			s, ok := v.(string)
			if !ok {
				return errors.New("want a theme name in quotes")
			}
			th, err := theme.ByName(s)
			p.Theme = th
			return err
		}},
	{"depth", fmt.Sprintf("The AI's search depth: \"auto\" (%d to %d plies as the board fills) or 1 to %d plies.",
		MinAutoDepth, MaxAutoDepth, ai.MaxDepth), `"auto"`,
		func(p *Prefs, v any) error {
			switch v := v.(type) {
			case string:
				if v == "auto" {
					p.Depth = ai.Auto
					return nil
				}
			case int64:
				if v >= 1 && v <= ai.MaxDepth {
					p.Depth = int(v)
					return nil
				}
			}
			return fmt.Errorf(`want "auto" or a number of plies from 1 to %d`, ai.MaxDepth)
		}},
	{"speed", `The least time between two moves of the AI: "0s" (as fast as it thinks) to "2s".`, `"200ms"`,
		func(p *Prefs, v any) error {
			s, _ := v.(string)
			d, err := time.ParseDuration(s)
			if err != nil || d < 0 {
				return errors.New(`want a duration in quotes, like "200ms", "1s" or "0s"`)
			}
			p.Speed = d
			return nil
		}},
	{"animate", "Tiles slide when they move, as in the original game: true or false. (Never without colour.)", "true",
		boolSetting(func(p *Prefs) *bool { return &p.Animate })},
	{"coach", "After each of your moves, a mark beside the move count rates it as the review will\n" +
		"# (✓ good, ?! inaccuracy, ? mistake, ?? blunder, □ the only move): true or false.", "false",
		boolSetting(func(p *Prefs) *bool { return &p.Coach })},
	{"eval", "How the AI scores a board: " + strings.Join(EvaluatorNames(), ", ") + ".\n" +
		"# " + ntuple.EvaluatorName + " is the network 2048 train trains, read from weights.", `"` + ai.Evaluators()[0].Name + `"`,
		func(p *Prefs, v any) error {
			s, _ := v.(string)
			if !slices.Contains(EvaluatorNames(), s) {
				return fmt.Errorf("want one of %s, in quotes", strings.Join(EvaluatorNames(), ", "))
			}
			p.Eval = s
			return nil
		}},
	{"weights", `With eval = "` + ntuple.EvaluatorName + `": the network's file ("" for the one 2048 train writes, or without it the one the game offers).`, `""`,
		func(p *Prefs, v any) error {
			s, ok := v.(string)
			if !ok {
				return errors.New("want a file name in quotes")
			}
			p.Weights = s
			return nil
		}},
}

// EvaluatorNames lists the evaluators the eval setting may name, in the
// order the settings screen steps through them.
func EvaluatorNames() []string {
	var names []string
	for _, e := range ai.Evaluators() {
		names = append(names, e.Name)
	}
	return append(names, ntuple.EvaluatorName)
}

// boolSetting returns the apply function of a setting that is true or
// false, stored where field says.
func boolSetting(field func(p *Prefs) *bool) func(p *Prefs, v any) error {
	return func(p *Prefs, v any) error {
		b, ok := v.(bool)
		if !ok {
			return errors.New("want true or false, without quotes")
		}
		*field(p) = b
		return nil
	}
}

// Load reads the preferences file at path: LoadFrom(prefs.Path(path)).
func Load(path string) *Prefs { return LoadFrom(prefs.Path(path)) }

// LoadFrom reads the preferences s keeps: a file, whose changes the game
// then watches for (see Stamp), or a server's record of its player's. It
// never fails: what it cannot use is in Problems, and the defaults stand
// in for it.
func LoadFrom(s prefs.Storage) *Prefs {
	p := DefaultPrefs()
	if path, ok := s.(prefs.Path); ok {
		p.stamp = StampOf(string(path)) // before reading: a change while it is read is seen next time
	}
	p.load(s)
	p.read = len(p.Problems)
	return p
}

// load reads the text s keeps into p.
func (p *Prefs) load(s prefs.Storage) {
	f, err := prefs.LoadFrom(s, prefsTemplate)
	p.file = f
	if err != nil && f.Path() == "" {
		p.Problems = append(p.Problems, "Preferences not read: the game plays with the defaults, and writes no setting over them: "+err.Error())
		return
	}
	if err != nil {
		p.Problems = append(p.Problems, "Preferences not read, nor written until the file is fixed: "+err.Error())
		return
	}
	name := f.Name() // a file's path, before " line 4:"
	if f.Path() == "" && name != "" {
		name = strings.ToUpper(name[:1]) + name[1:] + "," // "Your settings on this server, line 4:", a sentence of its own
	}
	for _, v := range f.Values() {
		if v.Table != "" {
			if v.Table != "keys" {
				p.Problems = append(p.Problems, fmt.Sprintf("%s line %d: no table [%s]; the tables are [keys]", name, v.Line, v.Table))
			}
			continue
		}
		p.apply(v, name)
	}
	keys, problems := rebind(f.Values(), name)
	p.Keys = keys
	p.Problems = append(p.Problems, problems...)
}

// apply takes the top-level setting v of the text named name, or notes
// why it cannot.
func (p *Prefs) apply(v prefs.Value, name string) {
	for _, s := range settings {
		if s.name != v.Name {
			continue
		}
		q := *p // a bad value leaves the default
		if err := s.apply(&q, v.Value); err != nil {
			p.Problems = append(p.Problems, fmt.Sprintf("%s line %d: %s = %v: %v; the game takes %s", name, v.Line, v.Name, v.Value, err, s.example))
			return
		}
		*p = q
		return
	}
	p.Problems = append(p.Problems, fmt.Sprintf("%s line %d: no setting is named %q; the settings are %s, and the table [keys]",
		name, v.Line, v.Name, settingNames()))
}

// settingNames lists the settings for a message.
func settingNames() string {
	names := make([]string, len(settings))
	for i, s := range settings {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

// WeightsFile returns the file the weights setting names, a leading ~/
// standing for the home directory; "" for the default file (see
// evaluators.DefaultWeightsPath).
func (p *Prefs) WeightsFile() string {
	if rest, ok := strings.CutPrefix(p.Weights, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return p.Weights
}

// prefsTemplate returns the text of a new preferences file: every setting
// and every action, commented out at its default, with what it does.
func prefsTemplate() []byte {
	var b strings.Builder
	b.WriteString("# The preferences of 2048, a TOML file (https://toml.io).\n")
	b.WriteString("# The game writes a setting here when you change it in the game (o, the\n")
	b.WriteString("# settings; t, + - 0, [ ]), in place: your comments and order stay. It reads\n")
	b.WriteString("# the file again when you change it. Flags on the command line override this\n")
	b.WriteString("# file for one session. Remove the # of a line to set it.\n\n")
	for _, s := range settings {
		fmt.Fprintf(&b, "# %s\n# %s = %s\n\n", s.doc, s.name, s.example)
	}
	b.WriteString("# Keys: bind any keys to an action, as a key or a list of keys. A key is a\n")
	b.WriteString("# character (\"k\", \"?\"), a name (up, down, left, right, space, enter, esc,\n")
	b.WriteString("# tab, pgup, pgdown, home, end, f1 to f12), either after ctrl+, alt+ or shift+.\n")
	b.WriteString("# A key given here is taken from the action that has it by default, which\n")
	b.WriteString("# then needs a key of its own: with left = [\"left\", \"h\"], give hint\n")
	b.WriteString("# another key. ctrl+c always quits.\n")
	b.WriteString("# [keys]\n")
	for _, a := range actions {
		quoted := make([]string, len(a.keys))
		for i, k := range a.keys {
			quoted[i] = fmt.Sprintf("%q", k)
		}
		fmt.Fprintf(&b, "# %-10s = [%s]  # %s\n", a.name, strings.Join(quoted, ", "), a.desc)
	}
	return []byte(b.String())
}
