package ed448

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/randfault"
)

// checkErr fails unless err is one line that starts with "ed448: " and
// contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "ed448: ") || strings.Contains(msg, "\n") {
		t.Errorf("%s: %q is not one line starting with \"ed448: \"", what, msg)
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
	_, err := priv.Sign(nil, []byte("m"), SignerOptions{Scheme: 7})
	checkErr(t, "Scheme 7", err, "SchemeID(7)")
	_, err = priv.Sign(nil, []byte("m"), SignerOptions{Context: strings.Repeat("c", 300)})
	checkErr(t, "300-byte context", err, "context", "300")
	_, err = PrivateKey(make([]byte, 10)).Sign(nil, []byte("m"), SignerOptions{})
	checkErr(t, "Sign with a 10-byte key", err, "private key length", "10")
}
