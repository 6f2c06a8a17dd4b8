package randfault

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// CheckMessage fails t unless err is a one-line error that starts with
// prefix (the package's "pkg: ") and contains each of want. It is the one
// error style of the module, checked the same way in every package's tests.
func CheckMessage(t testing.TB, prefix, what string, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) || strings.Contains(msg, "\n") {
		t.Errorf("%s: %q is not one line starting with %q", what, msg, prefix)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: %q does not name %q", what, msg, w)
		}
	}
}

// CheckReader runs call with a reader that fails at once and with one that
// ends after 5 bytes, and fails t unless each error is one line starting with
// prefix, says "randomness", and wraps the reader's error (ErrFault, and
// io.ErrUnexpectedEOF for the short read).
func CheckReader(t testing.TB, prefix, what string, call func(io.Reader) error) {
	t.Helper()
	err := call(Fail())
	CheckMessage(t, prefix, what+"(failing reader)", err, "randomness", ErrFault.Error())
	if !errors.Is(err, ErrFault) {
		t.Errorf("%s(failing reader): %v does not wrap the reader's error", what, err)
	}
	err = call(After(make([]byte, 64), 5, true))
	CheckMessage(t, prefix, what+"(short reader)", err, "randomness")
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("%s(short reader): %v does not wrap io.ErrUnexpectedEOF", what, err)
	}
}
