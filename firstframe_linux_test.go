package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// BenchmarkFirstFrame times what a player waits for: from starting the
// program, built as a player builds it, to the first frame of a new game on
// a terminal (the frame that shows the score), with no saved files. It
// reports the median of the iterations in ms/frame; ns/op also counts
// ending the process. Run it on a quiet machine:
//
//	go test -run '^$' -bench FirstFrame -benchtime 30x .
func BenchmarkFirstFrame(b *testing.B) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go command to build the program with")
	}
	bin := filepath.Join(b.TempDir(), "2048")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("building the program: %v\n%s", err, out)
	}
	homes := b.TempDir()
	var frames []time.Duration
	for b.Loop() {
		home, err := os.MkdirTemp(homes, "home")
		if err != nil {
			b.Fatal(err)
		}
		frames = append(frames, firstFrame(b, bin, home))
	}
	b.ReportMetric(float64(median(frames).Microseconds())/1000, "ms/frame")
}

// firstFrame starts the program bin on a new pseudo-terminal with its files
// under home, returns how long it took to draw the score, and kills it.
func firstFrame(b *testing.B, bin, home string) time.Duration {
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		b.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	tty, err := terminalOf(master)
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(bin, "-new")
	cmd.Env = append(os.Environ(), xdgEnv(home)...)
	cmd.Env = append(cmd.Env, "TERM=xterm-256color")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	start := time.Now()
	err = cmd.Start()
	// Only the program holds the terminal now: once it has ended, reading
	// the master fails. One that never draws the score hangs the benchmark,
	// which go test's -timeout reports.
	tty.Close()
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	var screen []byte
	buf := make([]byte, 64<<10)
	for !bytes.Contains(screen, []byte("SCORE")) {
		n, err := master.Read(buf)
		if err != nil {
			b.Fatalf("no score on the screen: %v; the program wrote %q", err, screen)
		}
		screen = append(screen, buf[:n]...)
	}
	return time.Since(start)
}

// median returns the median of ds, which it sorts.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}
