// Package tui is the game in the terminal: a Bubble Tea model that draws the
// board, takes the player's keys, and asks the AI for hints and for moves in
// the background, so that the screen never freezes.
package tui

import (
	"context"
	"errors"
	"io/fs"
	"slices"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/ai/review"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/practice"
	"github.com/term2048/2048/tui/seeds"
	"github.com/term2048/2048/tui/settings"
)

// Config is what the command line decides about a session.
type Config struct {
	Seed     uint64           // the seed of a new game; 0 picks one at random
	Board    engine.Board     // the position of a new game set up there (2048 -board); 0 for a fresh start
	Daily    bool             // a new game of today's daily challenge (2048 -daily)
	NewGame  bool             // start a new game even if one is saved
	Depth    int              // the AI's search depth in plies; ai.Auto lets the position decide
	Theme    theme.Theme      // the zero Theme is theme.Default()
	Color    ColorMode        // ColorAuto follows the terminal
	Autoplay bool             // start with the AI playing
	Speed    time.Duration    // the time between two moves of the AI, at least
	Store    playerdata.Store // the player's data: the game in progress, the history, the reviews; nil keeps nothing
	Prefs    *settings.Prefs  // the keys, and where changes of settings go; nil: the defaults, kept nowhere
	Searcher *ai.Searcher     // nil makes one that uses every core
	EvalName string           // the name of Searcher's evaluator, for the panel; "" is the default heuristic
	Network  *NetworkOffer    // the network offered to a player with none of their own (see FindNetwork); nil: none
	Pool     *Pool            // the AI shared by the games of a server (see Pool); Searcher and EvalName are then the pool's
	ASCII    bool             // draw with ASCII only: the terminal's locale is not UTF-8 (see ASCIILocale)
	Animate  bool             // slide the tiles when they move (never without colour)
	Still    bool             // tiles never slide, whatever Animate and the settings say (see stillText)
	Coach    bool             // mark each of the player's moves as the review will (see coach.go)
	Practice bool             // open the practice at the start (2048 practice)
	Races    RaceHub          // races (2048 serve's against friends, the local game's against the AI; see race.go); nil: none
	RaceNow  bool             // enter a race at the start, as v then RaceCode and enter would
	RaceCode string           // the code RaceNow types: a friend's race, or the AI's depth; "" opens one

	// SecretSeeds keeps the seeds of new games secret (see seeds.Dealer): 2048
	// serve, whose leaderboards rank games played by hand.
	SecretSeeds bool
	// DailySeed deals the seed of a date's daily challenge; nil: the
	// date's own, history.DailySeed.
	DailySeed func(date string) (uint64, error)
	// DailyPuzzles finds the daily puzzles, shared by the games of a
	// server; nil: the game's own, from the daily challenge's seeds.
	DailyPuzzles *practice.Dailies
	// GamesPerMinute bounds the games a player may leave in a minute (2048
	// serve records each); 0 bounds nothing.
	GamesPerMinute int
}

// Model is the state of the game on screen. It implements tea.Model.
//
// Its state is grouped by concern: the AI at the player's side (ai), the
// coach, the look of the screen, the motion of the tiles, the screens that
// can come in front of the game, and the games played before. Update hands
// a key to the screen in front (see onKey).
type Model struct {
	ctx    context.Context
	now    func() time.Time // the clock: time.Now, but for tests
	keys   settings.KeyMap
	store  playerdata.Store // the player's data; nil keeps nothing
	prefs  *settings.Prefs  // never nil: DefaultPrefs, kept nowhere, without a file
	writes settings.Writes  // the writes of prefs' file, one at a time, in order

	cur        playerdata.SavedGame // the game in progress and what the statistics need of it
	lastActive time.Time            // when a move was last played, or the session began: the time played runs from it
	saveErr    error                // why the game in progress could not be saved, if it could not
	past       playedBefore         // the games played before, and the writes of the history

	ai      assistant        // the AI: its searches, hints and autoplay
	coach   coaching         // the live coach's marks on the player's moves
	look    look             // the theme, the terminal and the layout
	motion  motion           // the tiles' flash and slide after a move
	screens screens          // what can come in front of the game
	ranks   ranking          // the leaderboards of 2048 serve, their screens, and the player's name there (see leaderboard.go)
	race    racing           // the race against a friend, if any
	seeds   seeds.Dealer     // the seeds of new games, and whether they are shown
	drill   *practice.Keeper // the practice: the player's puzzles, found in the background (see practice.go)

	play     playScreen // the game's own screen, under every other
	note     string     // a line for the player, until the next key
	warnings []warning  // what went wrong, until dismissed
}

// An assistant is the AI at the player's side: the searcher, how deep it
// looks, and the searches for hints and autoplay, each numbered so that a
// late answer is never taken for the board on screen.
type assistant struct {
	searcher *ai.Searcher
	pool     *Pool         // where the searches run, with other games' (see Pool); nil: as they come
	evalName string        // the name of the searcher's evaluator
	offer    *NetworkOffer // the network on offer; nil: none (see Config.Network)
	depth    int           // plies; ai.Auto is automatic
	delay    time.Duration // between autoplay moves
	autoplay bool
	spin     spinner.Model // turns while the AI thinks

	searches  uint64             // numbers the searches: each answer names its search
	waiting   uint64             // the number of the search in progress; 0 when none runs
	cancel    context.CancelFunc // stops the search in progress; nil when none runs
	thinking  purpose            // what the search in progress is for
	hint      *ai.Result         // the AI's answer for the board on screen
	last      *ai.Result         // the last answer, for the status line
	pending   *ai.Result         // an autoplay move waiting for its turn
	pendingID uint64             // the number of the search that answered pending
	played    *ai.Result         // the AI's last move, shown while it thinks of the next
	lastAuto  time.Time          // when the AI last played

	opens   uint64 // numbers the openings of an evaluator: each answer names its own
	opening string // the evaluator being opened to take the searcher's place; "" when none
}

// coaching is the live coach (see coach.go).
type coaching struct {
	rater   *review.Coach      // rates the player's moves; nil when the coach is off
	ratings uint64             // numbers the ratings: each answer names its own
	cancel  context.CancelFunc // stops the rating in progress; nil when none runs
	mark    *coachMark         // the coach's verdict on a move
}

// look is how the screen is drawn: the theme resolved for the terminal,
// and the terminal's size.
type look struct {
	ascii   bool // draw with ASCII only
	theme   theme.Theme
	profile colorprofile.Profile
	dark    bool
	pal     theme.Palette
	styles  frameStyles // pal's, for the frames of an animation
	drawn   drawings    // parts of the screen drawn in pal, kept to be drawn again
	keyHelp help.Model  // draws the keys at the foot of the screen
	width   int
	height  int
}

// motion is what moves on the board after a move: the tiles it made,
// marked for a moment, and its slide.
type motion struct {
	flash      flash
	flashFor   time.Duration // how long the tiles of a move stay marked
	animate    bool          // the player wants moves animated
	still      bool          // moves are never animated here (Config.Still)
	anim       *animation    // the move being animated, if any
	animations int           // numbers the animations: each frame's tick names its own
}

// purpose says what a search is for.
type purpose int

const (
	idle purpose = iota
	forHint
	forPlay // the player pressed space with no hint on screen
	forAuto
)

// question is what the screen is waiting for the player to answer.
type question int

const (
	noQuestion   question = iota
	confirmNew            // leave the game in progress for a new one?
	confirmDaily          // leave the game in progress for the daily challenge?
	wonKeepGoing
)

// leaving reports whether the question asks to leave the game in progress.
func (q question) leaving() bool { return q == confirmNew || q == confirmDaily }

// A warning tells the player that something went wrong. It stays until
// the player dismisses it (esc), or presses any key once it has been on
// the screen for warningTime: the first key of play must not take away a
// warning before it could be read.
type warning struct {
	text  string
	since time.Time
}

// warningTime is how long a warning stays whatever the keys.
const warningTime = 3 * time.Second

// warn puts a warning on the screen, unless it is there already.
func (m *Model) warn(text string) {
	text = m.forPlayer(text)
	for _, w := range m.warnings {
		if w.text == text {
			return
		}
	}
	m.warnings = append(m.warnings, warning{text, m.now()})
}

// forPlayer returns text, a message for the player, with the places it
// names as the player knows them (see playerdata.Store.ForPlayer).
func (m *Model) forPlayer(text string) string {
	if m.store == nil {
		return text
	}
	return m.store.ForPlayer(text)
}

// seen takes away the warnings a key press has had time to be read.
func (m *Model) seen() {
	now := m.now()
	m.warnings = slices.DeleteFunc(m.warnings, func(w warning) bool { return now.Sub(w.since) >= warningTime })
}

// flash marks the tiles of the last move for a moment.
type flash struct {
	id      int
	spawned uint16 // bit i: cell i holds the new tile
	merged  uint16 // bit i: cell i holds a tile made by a merge
}

// New returns the model for cfg: the saved game resumed, unless cfg asks for
// a new one or there is none.
func New(ctx context.Context, cfg Config) *Model {
	m := &Model{
		ctx: ctx, now: time.Now, keys: settings.DefaultKeyMap(), store: cfg.Store,
		ai: assistant{searcher: cfg.Searcher, evalName: cfg.EvalName, offer: cfg.Network, depth: cfg.Depth, delay: cfg.Speed,
			autoplay: cfg.Autoplay, spin: spinner.New(spinner.WithSpinner(spinner.MiniDot))},
		look:    look{theme: cfg.Theme, dark: true, keyHelp: help.New()},
		motion:  motion{flashFor: flashTime, animate: cfg.Animate, still: cfg.Still},
		screens: screens{reviewPace: reviewPace, reviewAt: reviewSetting},
		race:    racing{hub: cfg.Races, now: cfg.RaceNow && cfg.Races != nil, entry: []rune(cfg.RaceCode)},
		seeds:   seeds.Dealer{Daily: cfg.DailySeed, Secret: cfg.SecretSeeds},
	}
	m.past.leaving.limit = cfg.GamesPerMinute
	m.play.practiceNow = cfg.Practice
	if m.look.theme.Name == "" {
		m.look.theme = theme.Default()
	}
	if cfg.ASCII {
		m.look.ascii, m.ai.spin.Spinner = true, spinner.Line
	}
	if cfg.DailyPuzzles == nil {
		cfg.DailyPuzzles = practice.NewDailies(m.seeds.DailySeed, nil)
	}
	m.drill = practice.NewKeeper(ctx, cfg.Store, cfg.Pool.acquire, cfg.DailyPuzzles)
	m.prefs = settings.DefaultPrefs() // kept nowhere
	if cfg.Prefs != nil {
		m.prefs, m.keys = cfg.Prefs, cfg.Prefs.Keys
		for _, p := range cfg.Prefs.Problems {
			m.warn(p)
		}
	}
	if cfg.Network != nil && cfg.Network.Err != nil {
		m.warn(cfg.Network.problem())
	}
	m.look.profile, _ = cfg.Color.profile() // until the terminal says
	if cfg.Pool != nil {
		m.ai.pool, m.ai.searcher, m.ai.evalName = cfg.Pool, cfg.Pool.searcher, cfg.Pool.evalName
	}
	if m.ai.searcher == nil {
		m.ai.searcher = ai.NewSearcher(ai.Config{})
	}
	m.screens.reviewAt = reviewSettingFor(m.ai.searcher.Evaluator())
	if cfg.Coach {
		m.coach.rater = review.NewCoach(m.screens.reviewAt)
	}
	if m.ai.evalName == "" {
		m.ai.evalName = ai.Evaluators()[0].Name
	}
	m.look.repaint()
	if m.store != nil {
		m.ranks.src = m.store.Ranks() // before start: a game left there is ranked
	}
	m.start(cfg)
	m.startRanks()
	return m
}

// start reads the history and sets up the game of the session: the saved
// game, resumed, or a new one if cfg asks for it or there is none.
func (m *Model) start(cfg Config) {
	m.lastActive = m.now()
	log := m.loadHistory()
	resumed := m.resume()
	m.migrate(log)
	m.useHistory(log)
	m.loadUnrecorded()
	if resumed && m.recorded(m.cur.ID) {
		// The game was left, and the program ended before the next game
		// was saved: the player asked for a new game already.
		resumed, m.note = false, ""
	}
	if resumed {
		if !cfg.NewGame || !m.leave() {
			return
		}
		m.note = ""
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = m.seeds.New()
	}
	m.cur = playerdata.SavedGame{ID: newGameID(), Game: engine.NewGameFrom(cfg.Board, seed), SetUp: cfg.Board != 0}
	if cfg.Daily {
		m.cur = m.dailySave()
		m.note = m.dailyNote()
	}
	m.save(true) // now: the game left must not be resumed and left again
}

// resume loads the saved game and reports whether there was one.
func (m *Model) resume() bool {
	if m.store == nil {
		return false
	}
	s, err := m.store.LoadGame()
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil {
		m.warn("Saved game not resumed: " + err.Error())
		return false
	}
	m.cur = s
	if s.Game.MoveCount() > 0 {
		m.note = "Welcome back: your game is where you left it."
	}
	return true
}

// Init asks for the terminal's background, reads the practice, and opens
// the practice or starts autoplay if asked to.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.watchPrefs(), jobs(m.drill.Read())}
	if m.play.practiceNow {
		cmds = append(cmds, openPractice(m))
	}
	if m.ai.autoplay {
		m.ai.autoplay = false
		cmds = append(cmds, m.ai.toggleAutoplay(m))
	}
	if m.ranks.src != nil {
		cmds = append(cmds, m.ranks.readStandings(m))
	}
	if m.race.now {
		m.race.now = false
		cmds = append(cmds, m.race.enter(m, string(m.race.entry)))
	}
	return tea.Batch(cmds...)
}

// Update handles a message and returns the next command.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, tea.Batch(m.onKey(msg), jobs(m.drill.KeepUp(practice.Played{Games: m.past.games, Left: m.past.whole}))) // a game left: its puzzles
	case tea.WindowSizeMsg:
		wasHidden := m.hidden()
		m.look.width, m.look.height = msg.Width, msg.Height
		if wasHidden && !m.hidden() && m.ai.pending != nil {
			return m, m.ai.onAutoTick(m, autoTickMsg{m.ai.pendingID}) // autoplay waited for the board
		}
	case tea.ColorProfileMsg:
		m.look.profile = msg.Profile
		m.look.repaint()
	case tea.BackgroundColorMsg:
		m.look.dark = msg.IsDark()
		m.look.repaint()
	case searchMsg, autoTickMsg, coachMsg, evalMsg, spinner.TickMsg:
		return m, m.ai.onAI(m, msg)
	case prefsLookMsg:
		return m, tea.Batch(m.onPrefsLook(msg), m.watchPrefs())
	case prefWrittenMsg:
		return m, m.onPrefWritten(msg)
	case flashDoneMsg:
		if msg.id == m.motion.flash.id {
			m.motion.flash = flash{id: m.motion.flash.id}
		}
	case bannerDoneMsg:
		m.play.onBannerDone(msg)
	case frameMsg:
		return m, m.motion.onFrame(m, msg)
	case replayMsg:
		return m, m.onReplayMsg(msg)
	case reviewKeptMsg:
		m.onReviewKept(msg)
	case standingsMsg:
		m.ranks.onRanks(msg)
	case tea.PasteMsg:
		m.onPaste(msg)
		m.race.pasteCode(msg.Content)
	case raceMsg:
		return m, m.race.onMsg(m, msg)
	case raceEnteredMsg:
		return m, m.race.onEntered(m, msg)
	case practice.ReadMsg, practice.FoundMsg, practice.SavedMsg, practice.LineMsg, practice.TickMsg, practice.DailyMsg, practice.BoardMsg:
		return m, onPracticeMsg(m, msg)
	}
	return m, nil
}

// repaint resolves the theme for the terminal, the help's colours too.
func (l *look) repaint() {
	l.pal = l.theme.Palette(l.profile, l.dark)
	l.styles = frameStylesOf(l.pal)
	keys := lipgloss.NewStyle().Foreground(l.pal.Text).Bold(true)
	desc := lipgloss.NewStyle().Foreground(l.pal.Muted)
	l.keyHelp.Styles = help.Styles{
		Ellipsis: desc, ShortKey: keys, ShortDesc: desc, ShortSeparator: desc,
		FullKey: keys, FullDesc: desc, FullSeparator: desc,
	}
}
