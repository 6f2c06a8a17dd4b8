package curve25519

import (
	"errors"
	"io"
	"testing"

	"github.com/curvekit/curvekit/internal/randfault"
)

// checkErr fails unless err is one line that starts with "curve25519: " and
// contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	randfault.CheckMessage(t, "curve25519: ", what, err, want...)
}

func TestErrorsReader(t *testing.T) {
	randfault.CheckReader(t, "curve25519: ", "GenerateKey", func(r io.Reader) error {
		_, err := GenerateKey(r)
		return err
	})
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
