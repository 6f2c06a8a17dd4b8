package curve25519

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/randfault"
)

// checkErr fails unless err is one line that starts with "curve25519: "
// and contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "curve25519: ") || strings.Contains(msg, "\n") {
		t.Errorf("%s: %q is not one line starting with \"curve25519: \"", what, msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: %q does not name %q", what, msg, w)
		}
	}
}

func TestErrorsReader(t *testing.T) {
	_, err := GenerateKey(randfault.Fail())
	checkErr(t, "GenerateKey(failing reader)", err, "randomness", randfault.ErrFault.Error())
	if !errors.Is(err, randfault.ErrFault) {
		t.Errorf("GenerateKey(failing reader): %v does not wrap the reader's error", err)
	}
	_, err = GenerateKey(randfault.After(make([]byte, 64), 5, true))
	checkErr(t, "GenerateKey(short reader)", err, "randomness")
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("GenerateKey(short reader): %v does not wrap io.ErrUnexpectedEOF", err)
	}
}

func TestErrorsNameValue(t *testing.T) {
	k := make([]byte, 32)
	_, err := X25519(k[:31], Basepoint)
	checkErr(t, "X25519(short scalar)", err, "scalar length: 31, expected 32")
	if !errors.Is(err, errScalarLen) {
		t.Errorf("X25519(short scalar): %v is not errScalarLen", err)
	}
	_, err = X25519(k, make([]byte, 33))
	checkErr(t, "X25519(long point)", err, "point length: 33, expected 32")
	if !errors.Is(err, errPointLen) {
		t.Errorf("X25519(long point): %v is not errPointLen", err)
	}
	_, err = NewPrivateKey(make([]byte, 31))
	checkErr(t, "NewPrivateKey(31 bytes)", err, "31", "32")
	_, err = NewPublicKey(make([]byte, 33))
	checkErr(t, "NewPublicKey(33 bytes)", err, "33", "32")
}
