package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/term2048/2048/ai"
	"github.com/term2048/2048/engine"
	"github.com/term2048/2048/theme"
	"github.com/term2048/2048/tui/playerdata"
	"github.com/term2048/2048/tui/settings"
)

// These tests run the game as the player does, in its own process on a
// terminal: the test binary, re-executed, runs main under a pseudo-terminal
// whose other end the test reads and types into.

// gameArgsEnv holds the arguments of the game a re-executed test binary
// runs, separated by newlines; TestGameProcess then runs main.
const gameArgsEnv = "TEST_2048_GAME_ARGS"

// TestGameProcess is the game process of the tests below, not a test.
func TestGameProcess(t *testing.T) {
	args, ok := os.LookupEnv(gameArgsEnv)
	if !ok {
		t.Skip("the game process of other tests")
	}
	os.Args = append([]string{"2048"}, strings.Fields(args)...)
	main()
}

// A gameProcess is the game running in a process of its own on a
// pseudo-terminal.
type gameProcess struct {
	cmd    *exec.Cmd
	master *os.File
	mu     sync.Mutex
	screen bytes.Buffer  // all the game wrote
	wrote  chan struct{} // a token when screen has grown
	done   chan struct{} // closed when the process has ended
	read   chan struct{} // closed when all it wrote is in screen
}

// startGame runs the game with args in the XDG directories under home.
func startGame(t *testing.T, home string, args ...string) *gameProcess {
	t.Helper()
	master, tty := openPTY(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestGameProcess$")
	cmd.Env = append(os.Environ(), xdgEnv(home)...)
	cmd.Env = append(cmd.Env, gameArgsEnv+"="+strings.Join(args, " "), "TERM=xterm-256color", "ACCESSIBLE=") // -accessible asks for the game by ear
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Only the game holds the terminal now, so that once it has ended, and
	// all it wrote has been read, reading the master fails.
	tty.Close()
	g := &gameProcess{cmd: cmd, master: master, wrote: make(chan struct{}, 1), done: make(chan struct{}), read: make(chan struct{})}
	go func() {
		defer close(g.read)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			g.mu.Lock()
			g.screen.Write(buf[:n])
			g.mu.Unlock()
			select {
			case g.wrote <- struct{}{}:
			default: // a token waits already
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		cmd.Wait()
		close(g.done)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-g.done
	})
	return g
}

// xdgEnv returns the environment that puts the game's files under home.
func xdgEnv(home string) []string {
	return []string{
		"HOME=" + home,
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
	}
}

// waitFor waits until the game has written s, and fails the test if the
// game ends without writing it, or when the test binary is about to time
// out (see giveUp).
func (g *gameProcess) waitFor(t *testing.T, s string) {
	t.Helper()
	timeout := giveUp(t)
	for !g.shows(s) {
		select {
		case <-g.wrote:
		case <-g.read:
			if !g.shows(s) {
				t.Fatalf("the game ended without showing %q; it wrote:\n%s", s, g.text())
			}
			return
		case <-timeout:
			t.Fatalf("the game has not shown %q, and the test binary is about to time out; it wrote:\n%s", s, g.text())
		}
	}
}

// shows reports whether the game has written s.
func (g *gameProcess) shows(s string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return bytes.Contains(g.screen.Bytes(), []byte(s))
}

// text returns all the game has written.
func (g *gameProcess) text() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.screen.String()
}

// wait waits for the game to end, and for all it wrote to be in screen,
// and returns how it ended. It fails the test when the test binary is
// about to time out (see giveUp).
func (g *gameProcess) wait(t *testing.T) *os.ProcessState {
	t.Helper()
	timeout := giveUp(t)
	for _, c := range []chan struct{}{g.done, g.read} {
		select {
		case <-c:
		case <-timeout:
			t.Fatalf("the game has not ended, and the test binary is about to time out; it wrote:\n%s", g.text())
		}
	}
	return g.cmd.ProcessState
}

// giveUp returns a channel that receives shortly before go test's -timeout
// ends the test binary, or nil, which never receives, if it has no timeout.
// A test that waits for the game has no time limit of its own, which the
// load of the machine would make wrong some day. But the timeout's report
// shows the goroutines of the test binary, not what the game, a process of
// its own, was showing: the test fails a little before it, and says.
func giveUp(t *testing.T) <-chan time.Time {
	deadline, ok := t.Deadline()
	if !ok {
		return nil
	}
	return time.After(time.Until(deadline) * 19 / 20)
}

// modes returns the modes of the game's terminal: on Linux, those of the
// terminal end, read through the master.
func (g *gameProcess) modes(t *testing.T) *unix.Termios {
	t.Helper()
	modes, err := unix.IoctlGetTermios(int(g.master.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatalf("reading the terminal's modes: %v", err)
	}
	return modes
}

// savedGameOf writes a game of a few thousand points to the store under
// home, played by the AI at a shallow depth, and returns it.
func savedGameOf(t *testing.T, home string) *engine.Game {
	t.Helper()
	g := engine.NewGame(77)
	s := ai.NewSearcher(ai.Config{Threads: 1, TableMB: 1})
	for g.Score() < 3000 {
		r, err := s.Search(context.Background(), g.Board(), ai.Limits{Depth: 2})
		if err != nil || !r.HasMove() {
			t.Fatalf("the AI could not make 3000 points: %v", err)
		}
		g.Move(r.Best)
	}
	store := playerdata.Files{StateDir: filepath.Join(home, "state", "2048"), DataDir: filepath.Join(home, "data", "2048")}
	if err := store.SaveGame(playerdata.SavedGame{Game: g}, true); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestHangUpSaves closes the game's terminal under it, as a closed window
// or a dropped SSH session does (SIGHUP), and sends it the signals of kill
// (SIGTERM) and of kill -QUIT (SIGQUIT): the game must end as q ends it,
// with the game, and so its records, saved, and the terminal back in the
// modes it found it in. Before, SIGHUP killed it with nothing written, and
// SIGQUIT left the terminal raw, without echo, with the game unsaved.
func TestHangUpSaves(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			home := t.TempDir()
			played := savedGameOf(t, home)
			g := startGame(t, home, "-depth", "2")
			g.waitFor(t, "SCORE")
			if raw := g.modes(t); raw.Lflag&unix.ICANON != 0 {
				t.Fatal("the game runs with the terminal in canonical mode; want raw")
			}
			g.cmd.Process.Signal(sig)
			st := g.wait(t)
			if modes := g.modes(t); modes.Lflag&(unix.ICANON|unix.ECHO) != unix.ICANON|unix.ECHO {
				t.Errorf("after %v the terminal is left without line editing or echo (lflag %#x)", sig, modes.Lflag)
			}
			if ws := st.Sys().(syscall.WaitStatus); ws.Signaled() || st.ExitCode() != 0 {
				t.Fatalf("after %v the game ended with %v; want it to save and exit 0; it wrote:\n%s", sig, st, g.text())
			}
			// The records of a game in progress are its save's: the
			// statistics are worked out from it and the history.
			store := playerdata.Files{StateDir: filepath.Join(home, "state", "2048"), DataDir: filepath.Join(home, "data", "2048")}
			if s, err := store.LoadGame(); err != nil || s.Game.MoveCount() != played.MoveCount() || s.Game.Score() != played.Score() {
				t.Errorf("the game after %v: %v; want it saved, with its %d points", sig, err, played.Score())
			}
		})
	}
}

// TestUnsavedGameSaysSo plays a game whose save cannot be written (the
// saved game's path is a directory, which the game leaves alone): quitting
// must say on the terminal that the game was not saved, and exit 1, since
// the game is then lost.
func TestUnsavedGameSaysSo(t *testing.T) {
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "state", "2048", "game.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	g := startGame(t, home, "-depth", "2")
	g.waitFor(t, "cannot be read")
	g.master.Write([]byte("q"))
	st := g.wait(t)
	screen := g.text()
	if st.ExitCode() != 1 || !strings.Contains(screen, "the game was not saved") {
		t.Fatalf("quitting a game that could not be saved ended with %v; want exit 1 and a message saying so; it wrote:\n%s", st, screen)
	}
}

// snapshot returns the names, sizes, times and contents of the files under
// dir, to check that nothing was touched.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var sb strings.Builder
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, _ := d.Info()
		data, _ := os.ReadFile(path)
		fmt.Fprintf(&sb, "%s %d %v %q\n", path, fi.Size(), fi.ModTime(), data)
		return nil
	})
	return sb.String()
}

// TestOneGameAtATime starts a second game while one runs: it must say that
// a game is running, with its PID, exit 1 and touch nothing, with or
// without -new. Once the first is killed (kill -9), a game starts again.
func TestOneGameAtATime(t *testing.T) {
	home := t.TempDir()
	savedGameOf(t, home)
	first := startGame(t, home, "-depth", "2")
	first.waitFor(t, "SCORE")
	before := snapshot(t, home)
	for _, env := range xdgEnv(home) {
		k, v, _ := strings.Cut(env, "=")
		t.Setenv(k, v)
	}
	for _, args := range [][]string{nil, {"-new"}} {
		tty := openTerminal(t)
		var stderr bytes.Buffer
		status := run(context.Background(), args, tty, tty, &stderr) // a game let in would run, and the test hang, for ever
		want := fmt.Sprintf("a game is already running (PID %d)", first.cmd.Process.Pid)
		if status != 1 || !strings.Contains(stderr.String(), want) {
			t.Errorf("a second game %v: status %d, %q; want 1 and %q", args, status, stderr.String(), want)
		}
	}
	if after := snapshot(t, home); after != before {
		t.Errorf("the second game touched the first one's files:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	first.cmd.Process.Kill()
	first.wait(t)
	again := startGame(t, home, "-depth", "2")
	again.waitFor(t, "SCORE")
	again.master.Write([]byte("q"))
	if st := again.wait(t); st.ExitCode() != 0 {
		t.Errorf("the game after a kill -9 ended with %v", st)
	}
	// Once the screen is restored, one line says what was saved.
	if out := again.text(); !regexp.MustCompile(`2048: saved at [0-9,]+ points after [0-9,]+ moves?; run 2048 to go on\.`).MatchString(out) {
		t.Errorf("the game left no line saying it saved; its last output: %q", out[max(len(out)-300, 0):])
	}
}

// TestSettingWrittenAtQuit changes the theme and quits at once: the
// setting's write, a command of the program that may not have run when it
// ends, is done before the game exits.
func TestSettingWrittenAtQuit(t *testing.T) {
	home := t.TempDir()
	g := startGame(t, home, "-depth", "2")
	g.waitFor(t, "SCORE")
	g.master.Write([]byte("tq"))
	if st := g.wait(t); st.ExitCode() != 0 {
		t.Fatalf("the game ended with %v; it wrote:\n%s", st, g.text())
	}
	p := settings.Load(filepath.Join(home, "config", "2048", "config.toml"))
	if len(p.Problems) > 0 || p.Theme.Name == theme.Default().Name {
		t.Errorf("after t and q the file says theme %s, %v; want the next theme written", p.Theme.Name, p.Problems)
	}
}
