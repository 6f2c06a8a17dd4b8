package curve448

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/randfault"
)

// checkErr fails unless err is one line that starts with "curve448: "
// and contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "curve448: ") || strings.Contains(msg, "\n") {
		t.Errorf("%s: %q is not one line starting with \"curve448: \"", what, msg)
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
