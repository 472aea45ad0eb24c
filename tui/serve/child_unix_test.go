//go:build serve && unix

package serve

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/crypto/ssh"
)

// A childServer is a server in a process of its own: the test binary run
// again as the test named, which serves when its environment names a
// directory (see TestFaultKill and TestFlood). It says where it listens
// and its host key on its standard output.
type childServer struct {
	cmd     *exec.Cmd
	addr    string
	hostKey ssh.PublicKey
}

// startChild starts the test binary as the server of test on dir, named
// in its environment as dirVar, with args, and waits for it to listen. It
// is killed when the test ends, if it has not ended.
func startChild(t *testing.T, test, dirVar, dir string, args ...string) *childServer {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^" + test + "$", "-test.count=1"}, args...)...)
	cmd.Env = append(os.Environ(), dirVar+"="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	srv := &childServer{cmd: cmd}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(out)
	for srv.hostKey == nil && lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "listening "); ok {
			srv.addr = addr
		} else if key, ok := strings.CutPrefix(lines.Text(), "host key "); ok {
			if srv.hostKey, _, _, _, err = ssh.ParseAuthorizedKey([]byte(key)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if srv.hostKey == nil || srv.addr == "" {
		t.Fatal("the server did not start")
	}
	go io.Copy(io.Discard, out)
	return srv
}

// kill kills the server with SIGKILL.
func (srv *childServer) kill() {
	srv.cmd.Process.Signal(syscall.SIGKILL)
	srv.cmd.Wait()
}

// stop stops the server with SIGTERM, which it takes as a shutdown: it
// must exit 0.
func (srv *childServer) stop(t *testing.T) {
	t.Helper()
	srv.cmd.Process.Signal(syscall.SIGTERM)
	if err := srv.cmd.Wait(); err != nil {
		t.Errorf("the server, stopped: %v", err)
	}
}
