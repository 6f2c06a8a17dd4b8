package testenv

import (
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// OpenSSL is the openssl command, for tests that compare with it, and a
// temporary directory for the files it reads and writes.
type OpenSSL struct {
	Path string // the command
	Dir  string // removed when the test ends
	t    testing.TB
}

// NewOpenSSL returns the openssl command on PATH. It skips t where there is
// none, or where no child process can run (CURVEKIT_QEMU_USER set: the
// tests run under qemu-user).
func NewOpenSSL(t testing.TB) *OpenSSL {
	t.Helper()
	if os.Getenv("CURVEKIT_QEMU_USER") != "" {
		t.Skip("no child processes under qemu-user")
	}
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl not installed")
	}
	return &OpenSSL{Path: path, Dir: t.TempDir(), t: t}
}

// Run runs openssl with args and returns its standard output. It fails the
// test if openssl fails.
func (o *OpenSSL) Run(args ...string) []byte {
	o.t.Helper()
	out, err := exec.Command(o.Path, args...).Output()
	if err != nil {
		o.t.Fatalf("openssl %v: %v", args, err)
	}
	return out
}

// File writes data to the file name in Dir and returns its path. It fails
// the test if it cannot.
func (o *OpenSSL) File(name string, data []byte) string {
	o.t.Helper()
	p := filepath.Join(o.Dir, name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		o.t.Fatal(err)
	}
	return p
}

// PEMFile writes der as one PEM block of type typ to the file name in Dir
// and returns its path.
func (o *OpenSSL) PEMFile(name, typ string, der []byte) string {
	o.t.Helper()
	return o.File(name, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}))
}
