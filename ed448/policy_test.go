package ed448

import (
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/curvekit/curvekit/internal/ed448test"
	"github.com/curvekit/curvekit/internal/testenv"
)

func TestPolicyTable(t *testing.T) {
	for round := 0; round < 4; round++ {
		for _, c := range ed448test.PolicyCases(t) {
			for _, p := range []struct {
				policy Policy
				want   bool
			}{{PolicyDefault, c.Default}, {PolicyOpenSSL, c.OpenSSL}, {PolicyStrict, c.Strict}} {
				if got := VerifyAny(c.Pub, c.Msg, c.Sig, SignerOptions{Policy: p.policy}); got != p.want {
					t.Errorf("%s: %v = %v, want %v", c.Name, p.policy, got, p.want)
				}
			}
			if got := Verify(c.Pub, c.Msg, c.Sig, ""); got != c.Default {
				t.Errorf("%s: Verify = %v", c.Name, got)
			}
		}
	}
}

// TestPolicyOpenSSL checks the PolicyOpenSSL column against the openssl
// command (OpenSSL 3.0's pkeyutl), which verifies pure Ed448 without context
// and non-empty messages.
func TestPolicyOpenSSL(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the openssl command")
	}
	o := testenv.NewOpenSSL(t)
	for _, c := range ed448test.PolicyCases(t) {
		if got := opensslVerify(t, o.Path, o.Dir, c.Pub, c.Msg, c.Sig); got != c.OpenSSL {
			t.Errorf("%s: openssl = %v, PolicyOpenSSL column says %v", c.Name, got, c.OpenSSL)
		}
	}
}

func opensslVerify(t *testing.T, openssl, dir string, pub, msg, sig []byte) bool {
	t.Helper()
	der := append([]byte{0x30, 0x43, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x71, 0x03, 0x3a, 0x00}, pub...)
	pem := "-----BEGIN PUBLIC KEY-----\n" + base64.StdEncoding.EncodeToString(der) + "\n-----END PUBLIC KEY-----\n"
	pubFile, msgFile, sigFile := filepath.Join(dir, "pub.pem"), filepath.Join(dir, "msg"), filepath.Join(dir, "sig")
	for f, b := range map[string][]byte{pubFile: []byte(pem), msgFile: msg, sigFile: sig} {
		if err := os.WriteFile(f, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(openssl, "pkeyutl", "-verify", "-pubin", "-inkey", pubFile, "-rawin", "-in", msgFile, "-sigfile", sigFile).CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err)
		}
		t.Logf("openssl: %s", out)
		return false
	}
	return true
}
