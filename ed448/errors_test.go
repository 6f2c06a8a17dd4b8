package ed448

import (
	"io"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/randfault"
)

// checkErr fails unless err is one line that starts with "ed448: " and
// contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	randfault.CheckMessage(t, "ed448: ", what, err, want...)
}

func TestErrorsReader(t *testing.T) {
	randfault.CheckReader(t, "ed448: ", "GenerateKey", func(r io.Reader) error {
		_, _, err := GenerateKey(r)
		return err
	})
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
