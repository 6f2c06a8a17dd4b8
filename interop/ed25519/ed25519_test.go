package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// stdVerify is crypto/ed25519 with a panic counted as a rejection.
func stdVerify(pub, msg, sig []byte, opts *stded25519.Options) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return stded25519.VerifyWithOptions(pub, msg, sig, opts) == nil
}
