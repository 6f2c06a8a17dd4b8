package ed25519core_test

import (
	stded25519 "crypto/ed25519"
	"fmt"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/ed25519core"
)

// A challenge hashed once (as the batch package does at Add time) and the
// verification from it, under each policy.
func Example() {
	priv := stded25519.NewKeyFromSeed(make([]byte, 32))
	pub := []byte(priv.Public().(stded25519.PublicKey))
	msg := []byte("hello")
	sig := stded25519.Sign(priv, msg)

	var k curve25519.Scalar
	ed25519core.Challenge(&k, ed25519core.Pure, "", sig[:32], pub, msg)
	for p := ed25519core.PolicyDefault; p <= ed25519core.PolicyStrict; p++ {
		var key ed25519core.Key
		if err := key.Set(pub, p == ed25519core.PolicyStrict); err != nil {
			panic(err)
		}
		fmt.Println(p, ed25519core.VerifyChallenge(&key, nil, sig, &k, p, true))
	}
	// Output:
	// 0 <nil>
	// 1 <nil>
	// 2 <nil>
}
