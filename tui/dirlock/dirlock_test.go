package dirlock

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// holdEnv names the directory a re-executed test binary locks, as the
// other process of the tests; holdFileEnv names the file it locks instead.
const (
	holdEnv     = "DIRLOCK_TEST_HOLD"
	holdFileEnv = "DIRLOCK_TEST_HOLD_FILE"
)

// TestMain makes the test binary, re-executed with holdEnv or holdFileEnv
// set, the other process: it takes the lock, says "held" and keeps it until
// its standard input closes or it is killed.
func TestMain(m *testing.M) {
	dir, file := os.Getenv(holdEnv), os.Getenv(holdFileEnv)
	if dir != "" || file != "" {
		acquire := func() (*Lock, error) { return Acquire(dir) }
		if file != "" {
			acquire = func() (*Lock, error) { return AcquireFile(file) }
		}
		if _, err := acquire(); err != nil {
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
	return holderOf(t, holdEnv+"="+dir)
}

// holderOf starts another process with env, that holds a lock.
func holderOf(t *testing.T, env string) (*exec.Cmd, io.WriteCloser) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env)
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
	if !errors.As(err, &he) || he.PID != cmd.Process.Pid || he.Path != dir {
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

// TestFile checks that AcquireFile keeps a file for one process: another
// is refused with the holder's PID, also after the file was replaced by a
// rename, and is let in once the holder has exited, even killed.
func TestFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ntuple.weights")
	cmd, stdin := holderOf(t, holdFileEnv+"="+path)
	if err := os.WriteFile(path+".new", []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".new", path); err != nil {
		t.Fatal(err)
	}
	_, err := AcquireFile(path)
	var he *HeldError
	if !errors.As(err, &he) || he.PID != cmd.Process.Pid || he.Path != path {
		t.Fatalf("AcquireFile while another process holds it = %v; want a HeldError naming PID %d and %s", err, cmd.Process.Pid, path)
	}
	stdin.Close()
	cmd.Wait()
	l, err := AcquireFile(path)
	if err != nil {
		t.Fatalf("AcquireFile after the other process exited: %v", err)
	}
	if _, err := AcquireFile(path); !errors.As(err, &he) || he.PID != os.Getpid() {
		t.Errorf("a second AcquireFile in this process = %v; want a HeldError naming it", err)
	}
	l.Release()
	l.Release() // a second Release does nothing

	cmd, _ = holderOf(t, holdFileEnv+"="+path)
	cmd.Process.Kill()
	cmd.Wait()
	l, err = AcquireFile(path)
	if err != nil {
		t.Fatalf("AcquireFile after the holder was killed: %v", err)
	}
	l.Release()
	if data, err := os.ReadFile(path); err != nil || string(data) != "new" {
		t.Errorf("the file kept holds %q, %v; want it untouched", data, err)
	}
}

// TestLockFileNotARegularFile checks that a lock file that is a symbolic
// link, dangling or not, or a directory, is refused with a message saying
// so, and that nothing it points to is written, truncated or created.
func TestLockFileNotARegularFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(t *testing.T, lock, target string)
		want string
	}{
		{"link to a file", func(t *testing.T, lock, target string) {
			if err := os.WriteFile(target, []byte("precious"), 0o644); err != nil {
				t.Fatal(err)
			}
			symlink(t, target, lock)
		}, "is a symbolic link"},
		{"dangling link", func(t *testing.T, lock, target string) { symlink(t, target, lock) }, "is a symbolic link"},
		{"directory", func(t *testing.T, lock, target string) {
			if err := os.Mkdir(lock, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			lock, target := filepath.Join(dir, FileName), filepath.Join(dir, "target")
			tc.make(t, lock, target)
			before, beforeErr := os.ReadFile(target)
			l, err := Acquire(dir)
			if err == nil {
				l.Release()
				t.Fatal("Acquire succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), lock) {
				t.Errorf("Acquire: %v; want an error naming %s and saying it %s", err, lock, tc.want)
			}
			after, afterErr := os.ReadFile(target)
			if string(after) != string(before) || (afterErr == nil) != (beforeErr == nil) {
				t.Errorf("the link's target went from %q (%v) to %q (%v); want it untouched", before, beforeErr, after, afterErr)
			}
		})
	}
}

// symlink makes a symbolic link or skips the test where there are none.
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
}
