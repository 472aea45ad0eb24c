package dirlock

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"testing"
)

// holdEnv names the directory a re-executed test binary locks, as the
// other process of the tests.
const holdEnv = "DIRLOCK_TEST_HOLD"

// TestMain makes the test binary, re-executed with holdEnv set, the other
// process: it takes the lock, says "held" and keeps it until its standard
// input closes or it is killed.
func TestMain(m *testing.M) {
	if dir := os.Getenv(holdEnv); dir != "" {
		if _, err := Acquire(dir); err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		fmt.Println("held")
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0) // the kernel releases the lock
	}
	os.Exit(m.Run())
}

// holder starts another process that holds the lock on dir, and returns it
// and the pipe to its standard input, whose closing lets it exit.
func holder(t *testing.T, dir string) (*exec.Cmd, io.WriteCloser) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), holdEnv+"="+dir)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if line, _ := bufio.NewReader(stdout).ReadString('\n'); line != "held\n" {
		t.Fatalf("the other process says %q; want held", line)
	}
	return cmd, stdin
}

func TestAnotherProcessIsRefused(t *testing.T) {
	dir := t.TempDir()
	cmd, stdin := holder(t, dir)
	_, err := Acquire(dir)
	var he *HeldError
	if !errors.As(err, &he) || he.PID != cmd.Process.Pid || he.Dir != dir {
		t.Fatalf("Acquire while another process holds the lock = %v; want a HeldError naming PID %d", err, cmd.Process.Pid)
	}
	stdin.Close()
	cmd.Wait()
	l, err := Acquire(dir)
	if err != nil {
		t.Fatalf("Acquire after the other process exited: %v", err)
	}
	l.Release()
}

func TestKilledHolderDoesNotBlock(t *testing.T) {
	dir := t.TempDir()
	cmd, _ := holder(t, dir)
	cmd.Process.Kill() // SIGKILL: the process cannot release anything itself
	cmd.Wait()
	l, err := Acquire(dir)
	if err != nil {
		t.Fatalf("Acquire after the holder was killed: %v", err)
	}
	l.Release()
}

func TestTwiceInOneProcess(t *testing.T) {
	dir := t.TempDir()
	l, err := Acquire(dir)
	if errors.Is(err, ErrUnsupported) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	var he *HeldError
	if _, err := Acquire(dir); !errors.As(err, &he) || he.PID != os.Getpid() {
		t.Errorf("second Acquire = %v; want a HeldError naming this process", err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	l, err = Acquire(dir)
	if err != nil {
		t.Fatalf("Acquire after Release: %v", err)
	}
	l.Release()
}

func ExampleAcquire() {
	dir, _ := os.MkdirTemp("", "dirlock")
	defer os.RemoveAll(dir)
	l, err := Acquire(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Release()
	_, err = Acquire(dir) // another process would be refused the same way
	var held *HeldError
	fmt.Println(errors.As(err, &held) && held.PID == os.Getpid())
	// Output: true
}
