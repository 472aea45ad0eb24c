package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui"
	"github.com/term2048/2048/tui/accessible"
	"github.com/term2048/2048/tui/airace"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/settings"
)

const playSynopsis = `2048 [-seed N | -board BOARD | -daily | -race-ai[=N]] [-depth N|auto] [-eval NAME [-weights FILE]] [-theme NAME]
            [-color auto|truecolor|256|16|none] [-new] [-autoplay] [-speed D] [-animate=false] [-accessible]`

const playAbout = `2048 plays in the terminal; the saved game resumes. Other commands:
  2048 practice [flags]     the game, opened on the practice: puzzles from your games
  2048 hint [flags] BOARD   the AI's choice for one position
  2048 sim [flags]          play many games and print statistics
  2048 bench [flags]        measure this machine on fixed positions
  2048 review [flags] FILE  rate every move of a saved game against the AI
  2048 train [flags]        train the learned evaluator (-eval ntuple)
  2048 serve [flags]        the game over SSH, for anyone with a key (in a build
                            with -tags serve: go install -tags serve …)
  2048 help [COMMAND]       this help, or a command's
  2048 --version            the version of this program

Keys: arrows move, h hint, space plays the hint, a autoplay, + - 0 depth,
[ ] autoplay speed, u undo, n new game, c daily challenge, s statistics,
r review (the replay of the game, every move rated by the AI), v race the
AI (its depth, or enter alone for one as accurate as you), p practice,
t theme, o settings, ? help, q quit. They can be rebound, and the theme, depth, speed,
animation, live coach and evaluator kept (o changes them in the game), in
$XDG_CONFIG_HOME/2048/config.toml (~/.config/2048/); a flag overrides it.
Finished games are kept in $XDG_DATA_HOME/2048/history.jsonl, their
reviews in reviews/ beside it.
`

const practiceAbout = `2048 practice opens the game on its practice, as p does in the game:
puzzles from your own games, positions where one move is clearly best,
today's puzzle first (the same for every player), your slips and the
puzzles you missed before the others. The arrows answer, n goes to the
next puzzle, esc goes back to the game, which resumes as 2048 leaves it.
Each first answer is rated (Glicko-2); the statistics (s) show your
rating. The flags are the game's (2048 -h says more).
`

// playFlags are the flags of the game.
type playFlags struct {
	seed      *uint64
	setUp     *string
	daily     *bool
	depth     *depthFlag
	eval      *evalFlags
	themeName *string
	colorName *string
	fresh     *bool
	autoplay  *bool
	speed     *time.Duration
	animate   *bool
	version   *bool
	raceAI    *raceAIFlag
	byEar     *bool
}

// definePlayFlags adds the flags of the game to fs.
func definePlayFlags(fs *commandFlags) playFlags {
	return playFlags{
		seed:      fs.Uint64("seed", 0, "play the game of this `seed` (starts a new game)"),
		setUp:     fs.String("board", "", "start a new game from the position `BOARD`, written as 2048 hint reads it; its records are kept apart"),
		daily:     fs.Bool("daily", false, "play today's daily challenge: the same game for every player, its seed the UTC date as YYYYMMDD"),
		depth:     fs.depthFlag(ai.MaxDepth, ""),
		eval:      fs.evalFlags(),
		themeName: fs.String("theme", theme.Default().Name, "colour `theme`: "+strings.Join(theme.Names(), ", ")),
		colorName: fs.String("color", "auto", "colours: auto, truecolor, 256, 16 or none (NO_COLOR in the environment means none)"),
		fresh:     fs.Bool("new", false, "start a new game instead of resuming the saved one"),
		autoplay:  fs.Bool("autoplay", false, "let the AI play from the start"),
		speed:     fs.Duration("speed", 200*time.Millisecond, "the least time between two moves of the AI (0: as fast as it thinks)"),
		animate:   fs.Bool("animate", true, "slide the tiles when they move (never without colour; autoplay faster than the slide skips it)"),
		version:   fs.Bool("version", false, "print the version of this program and exit"),
		raceAI:    fs.raceAIFlag(),
		byEar: fs.Bool("accessible", false, "play by ear: the game in lines of plain text, for a screen reader or a script "+
			"(ACCESSIBLE=1 in the environment too; -accessible=false overrides it)"),
	}
}

// playCommand opens the game in the terminal, or prints the version.
func playCommand(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) error {
	return openGame(ctx, "2048", args, stdin, stdout, stderr)
}

// practiceCommand opens the game on its practice, as p does in the game.
func practiceCommand(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) error {
	return openGame(ctx, "2048 practice", args, stdin, stdout, stderr)
}

// openGame opens the game as the command name (2048, 2048 practice) does.
func openGame(ctx context.Context, name string, args []string, stdin *os.File, stdout, stderr io.Writer) error {
	about := playAbout
	if name == "2048 practice" {
		about = practiceAbout
	}
	fs := newCommandFlags(name, strings.Replace(playSynopsis, "2048", name, 1), about+"\n"+evaluatorList(), stdout, stderr)
	f := definePlayFlags(fs)
	if err := fs.parse(args); err != nil {
		return err
	}
	if *f.version {
		_, err := fmt.Fprintln(stdout, versionLine())
		return err
	}
	cfg, err := f.config(fs)
	if err != nil {
		return err
	}
	if err := f.eval.check(); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	byEar := *f.byEar || !given["accessible"] && accessible.Wanted(os.Getenv) // -accessible=false overrides ACCESSIBLE
	if byEar && f.raceAI.on {
		return fs.usageError("-race-ai: races are not played by ear (-accessible, or ACCESSIBLE in the environment)")
	}
	if err := checkTerminal(stdin, stdout); err != nil && !byEar {
		return err
	}
	store := playerdata.DefaultFiles()
	prefs := settings.Load(store.PrefsPath()) // flags given override them
	eval, err := openEvaluator(f.eval, prefs, store.PrefsPath(), given["eval"] || given["weights"])
	if err != nil {
		return err
	}
	if !given["theme"] {
		cfg.Theme = prefs.Theme
	}
	if !given["depth"] {
		cfg.Depth = prefs.Depth
	}
	if !given["speed"] {
		cfg.Speed = prefs.Speed
	}
	if !given["animate"] {
		cfg.Animate = prefs.Animate
	}
	cfg.Coach, cfg.Store, cfg.Prefs = prefs.Coach, &store, prefs
	cfg.Searcher, cfg.EvalName, cfg.Network = ai.NewSearcher(ai.Config{Eval: eval}), f.eval.name, tui.FindNetwork()
	cfg.Practice = name == "2048 practice"
	if byEar {
		return accessible.Run(ctx, cfg, stdin, stdout)
	}
	cfg.Races = airace.NewHub(airace.Config{Eval: eval, Reviews: &store})
	return tui.Run(ctx, cfg, stdin, stdout)
}

// config returns the game's settings that the flags, parsed, give, or a
// usage error, printed, for a flag or an argument that is wrong.
func (f playFlags) config(fs *commandFlags) (tui.Config, error) {
	if fs.NArg() > 0 {
		return tui.Config{}, fs.usageError("unknown command %q", fs.Arg(0))
	}
	th, err := theme.ByName(*f.themeName)
	if err != nil {
		return tui.Config{}, fs.usageError("-theme: %v", err)
	}
	color, err := tui.ParseColor(*f.colorName)
	if err != nil {
		return tui.Config{}, fs.usageError("-color: %v", err)
	}
	if color == tui.ColorAuto && os.Getenv("NO_COLOR") != "" {
		color = tui.ColorNone // no-color.org: any non-empty value
	}
	if *f.speed < 0 {
		return tui.Config{}, fs.usageError("-speed %v: want a duration of 0 or more", *f.speed)
	}
	board, err := parseSetUp(*f.setUp)
	if err != nil {
		return tui.Config{}, fs.usageError("-board: %v", err)
	}
	daily, seed := *f.daily, *f.seed
	if daily && (seed != 0 || board != 0) {
		return tui.Config{}, fs.usageError("-daily: the challenge has its own seed and start: give no -seed nor -board")
	}
	if f.raceAI.on && (daily || seed != 0 || board != 0) {
		return tui.Config{}, fs.usageError("-race-ai: the race has its own seed and start: give no -seed, -board nor -daily")
	}
	return tui.Config{
		Seed: seed, Board: board, Daily: daily, NewGame: *f.fresh || seed != 0 || board != 0 || daily, Depth: f.depth.plies, Theme: th, Color: color,
		Autoplay: *f.autoplay, Speed: *f.speed, Animate: *f.animate, ASCII: tui.ASCIILocale(os.Getenv),
		RaceNow: f.raceAI.on, RaceCode: f.raceAI.code(),
	}, nil
}

// withoutTerminal says what to do instead of playing.
const withoutTerminal = "\nWithout one, 2048 -accessible still plays, in lines of text, its keys from a pipe; 2048 hint, 2048 sim and 2048 bench work too (2048 -h says more)."

// checkTerminal returns why the game cannot be shown, if it cannot: it reads
// keys from stdin and draws on stdout, which must both be terminals, and
// it needs a terminal that can move the cursor, which TERM=dumb says it
// cannot.
func checkTerminal(stdin *os.File, stdout io.Writer) error {
	switch {
	case stdin == nil || !term.IsTerminal(int(stdin.Fd())):
		return errors.New("the game needs a terminal, and standard input is not one." + withoutTerminal)
	case !isTerminal(stdout):
		return errors.New("the game draws on a terminal, and standard output is not one (it goes to a file or a pipe)." + withoutTerminal)
	case os.Getenv("TERM") == "dumb":
		return errors.New("this terminal (TERM=dumb) cannot move its cursor, which the game needs." + withoutTerminal)
	}
	return nil
}

// versionLine returns the version of the program from its build
// information (see formatVersion).
func versionLine() string { return formatVersion(debug.ReadBuildInfo()) }

// formatVersion writes the version of the program built as info says: the
// module version (a tag, or the pseudo-version of the commit it was built
// from), the commit and its date when the build recorded them and the
// version does not already name the commit, then the Go version and the
// platform. ok is false when the program has no build information.
func formatVersion(info *debug.BuildInfo, ok bool) string {
	version, extra := "(unknown)", ""
	if ok {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		if rev := settings["vcs.revision"]; rev != "" && !strings.Contains(version, rev[:min(len(rev), 12)]) {
			extra += ", commit " + rev[:min(len(rev), 12)]
			if t := settings["vcs.time"]; t != "" {
				extra += " of " + t
			}
			if settings["vcs.modified"] == "true" {
				extra += " with local changes"
			}
		}
	}
	return fmt.Sprintf("2048 %s%s (%s, %s/%s)", version, extra, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// openEvaluator opens the evaluator of the game: the one the flags name if
// they name one, else the preferences' at prefsPath (the flags were checked
// already). A weights file of the preferences may start with ~/.
//
// A network the flags name that cannot be read ends the command with the
// reason, before the screen opens; one the preferences name leaves the
// game with the flags' default evaluator and a problem that says why, shown
// as the other problems of the file are.
func openEvaluator(flags *evalFlags, prefs *settings.Prefs, prefsPath string, fromFlags bool) (ai.Evaluator, error) {
	weights := prefs.WeightsFile()
	if fromFlags {
		if flags.name == ntupleEval && flags.weights == "" && prefs.Eval == ntupleEval {
			flags.weights = weights // -eval ntuple alone reads the preferred network
		}
		return flags.open()
	}
	chosen := &evalFlags{flags: flags.flags, name: prefs.Eval, weights: weights}
	eval, err := chosen.open()
	if err != nil {
		prefs.Problems = append(prefs.Problems, fmt.Sprintf("%s: eval = %q: %v; the AI uses %s",
			displayPath(prefsPath), prefs.Eval, err, flags.name))
		return flags.open()
	}
	flags.name = prefs.Eval
	return eval, nil
}

// parseSetUp reads the position of -board: 0 if none is given. A board
// with no move, or with no tile, is no position to play from.
func parseSetUp(s string) (engine.Board, error) {
	if s == "" {
		return 0, nil
	}
	b, err := engine.Parse(s)
	switch {
	case err != nil:
		return 0, err
	case b == 0:
		return 0, errors.New("an empty board: 2048 -new starts a game afresh")
	case !b.HasMove():
		return 0, fmt.Errorf("no move changes %v: the game would be over before it began", b)
	}
	return b, nil
}
