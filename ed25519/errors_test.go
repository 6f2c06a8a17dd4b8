package ed25519

import (
	"crypto"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/ed25519core"
	"github.com/curvekit/curvekit/internal/randfault"
)

// checkErr fails unless err is one line that starts with "ed25519: " and
// contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "ed25519: ") || strings.Contains(msg, "\n") {
		t.Errorf("%s: %q is not one line starting with \"ed25519: \"", what, msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: %q does not name %q", what, msg, w)
		}
	}
}

func TestErrorsReader(t *testing.T) {
	_, _, err := GenerateKey(randfault.Fail())
	checkErr(t, "GenerateKey(failing reader)", err, "randomness", randfault.ErrFault.Error())
	if !errors.Is(err, randfault.ErrFault) {
		t.Errorf("GenerateKey(failing reader): %v does not wrap the reader's error", err)
	}
	_, _, err = GenerateKey(randfault.After(make([]byte, 64), 5, true))
	checkErr(t, "GenerateKey(short reader)", err, "randomness")
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("GenerateKey(short reader): %v does not wrap io.ErrUnexpectedEOF", err)
	}
}

func TestErrorsNameValue(t *testing.T) {
	priv := NewKeyFromSeed(make([]byte, SeedSize))
	pub := priv.Public().(PublicKey)
	sig := Sign(priv, []byte("m"))
	err := VerifyWithOptions(pub, []byte("m"), sig, &Options{Policy: 99})
	checkErr(t, "Policy(99)", err)
	if got := err.Error(); got != "ed25519: unknown Policy(99)" {
		t.Errorf("Policy(99): %q", got)
	}
	if !errors.Is(err, ed25519core.ErrUnknownPolicy) {
		t.Errorf("Policy(99): %v is not ed25519core.ErrUnknownPolicy", err)
	}
	_, err = PrivateKey(make([]byte, 10)).Sign(nil, []byte("m"), crypto.Hash(0))
	checkErr(t, "Sign with a 10-byte key", err, "private key length", "10")
	if strings.Count(err.Error(), "bad private key") != 1 {
		t.Errorf("Sign with a 10-byte key: %q repeats itself", err)
	}
}
