package batch_test

import (
	"fmt"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/ed25519"
)

func Example() {
	v := batch.NewVerifierWithCapacity(3)
	for i, msg := range []string{"alpha", "beta", "gamma"} {
		seed := make([]byte, ed25519.SeedSize)
		seed[0] = byte(i)
		priv := ed25519.NewKeyFromSeed(seed)
		pub := priv.Public().(ed25519.PublicKey)
		sig := ed25519.Sign(priv, []byte(msg))
		if i == 1 {
			sig[0] ^= 1 // corrupt the second signature
		}
		v.AddWithOptions(pub, []byte(msg), sig, &ed25519.Options{Policy: ed25519.PolicyZIP215})
	}
	ok, valid := v.Verify(nil) // nil: coefficients from crypto/rand
	fmt.Println(ok, valid)
	// Output: false [true false true]
}

func ExampleNewVerifierWithOptions() {
	const n = 512
	// Two goroutines, each verifying its half of the batch.
	v := batch.NewVerifierWithOptions(n, &batch.Options{Workers: 2})
	for i := 0; i < n; i++ {
		seed := make([]byte, ed25519.SeedSize)
		seed[0], seed[1] = byte(i), byte(i>>8)
		priv := ed25519.NewKeyFromSeed(seed)
		msg := []byte(fmt.Sprint("message ", i))
		sig := ed25519.Sign(priv, msg)
		if i == 300 {
			sig[40] ^= 1 // corrupt one signature
		}
		v.Add(priv.Public().(ed25519.PublicKey), msg, sig)
	}
	ok, valid := v.Verify(nil)
	fmt.Println(ok, valid[299], valid[300], valid[301])
	// Output: false true false true
}
