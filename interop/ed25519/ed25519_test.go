package ed25519_test

import (
	stded25519 "crypto/ed25519"
)

// stdVerify is crypto/ed25519 with a panic counted as a rejection.
func stdVerify(pub, msg, sig []byte, opts *stded25519.Options) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return stded25519.VerifyWithOptions(pub, msg, sig, opts) == nil
}
