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
	randfault.CheckMessage(t, "ed25519: ", what, err, want...)
}

func TestErrorsReader(t *testing.T) {
	randfault.CheckReader(t, "ed25519: ", "GenerateKey", func(r io.Reader) error {
		_, _, err := GenerateKey(r)
		return err
	})
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
