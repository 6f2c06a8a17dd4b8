package curve448

import (
	"errors"
	"io"
	"testing"

	"github.com/curvekit/curvekit/internal/randfault"
)

// checkErr fails unless err is one line that starts with "curve448: " and
// contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	randfault.CheckMessage(t, "curve448: ", what, err, want...)
}

func TestErrorsReader(t *testing.T) {
	randfault.CheckReader(t, "curve448: ", "GenerateKey", func(r io.Reader) error {
		_, err := GenerateKey(r)
		return err
	})
}

func TestErrorsNameValue(t *testing.T) {
	k := make([]byte, 56)
	_, err := X448(k[:55], Basepoint)
	checkErr(t, "X448(short scalar)", err, "scalar length: 55, expected 56")
	if !errors.Is(err, errScalarLen) {
		t.Errorf("X448(short scalar): %v is not errScalarLen", err)
	}
	_, err = X448(k, make([]byte, 57))
	checkErr(t, "X448(long point)", err, "point length: 57, expected 56")
	if !errors.Is(err, errPointLen) {
		t.Errorf("X448(long point): %v is not errPointLen", err)
	}
	_, err = NewPrivateKey(make([]byte, 55))
	checkErr(t, "NewPrivateKey(55 bytes)", err, "55", "56")
	_, err = NewPublicKey(make([]byte, 57))
	checkErr(t, "NewPublicKey(57 bytes)", err, "57", "56")
	_, err = new(Scalar).SetUniformBytes(make([]byte, 113))
	checkErr(t, "SetUniformBytes(113 bytes)", err, "113")
	_, err = new(Point).SetCanonicalBytes(make([]byte, 56))
	checkErr(t, "SetCanonicalBytes(56 bytes)", err, "56")
}
