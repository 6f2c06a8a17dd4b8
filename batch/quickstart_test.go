package batch_test

import (
	"fmt"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/ed25519"
)

// The README's snippet, compiled here (the package documentation's is
// Example in example_test.go).

type signed struct {
	pub      ed25519.PublicKey
	msg, sig []byte
}

// quickStart verifies the entries at once and reports which are valid.
func quickStart(entries []signed) (bool, []bool) {
	v := batch.NewVerifier()
	for _, e := range entries {
		v.Add(e.pub, e.msg, e.sig) // PolicyDefault, pure Ed25519
	}
	return v.Verify(nil) // nil: crypto/rand
}

func Example_quickStart() {
	var entries []signed
	for i := range 3 {
		pub, priv, err := ed25519.GenerateKey(nil)
		if err != nil {
			panic(err)
		}
		msg := []byte{byte(i)}
		entries = append(entries, signed{pub, msg, ed25519.Sign(priv, msg)})
	}
	entries[2].msg = []byte("forged")
	fmt.Println(quickStart(entries))
	// Output: false [true true false]
}

// docBlock is the code block of the package documentation.
func docBlock(pub ed25519.PublicKey, msg, sig []byte, opts *ed25519.Options) (bool, []bool) {
	v := batch.NewVerifier()              // or NewVerifierWithCapacity(n)
	v.Add(pub, msg, sig)                  // PolicyDefault, pure Ed25519
	v.AddWithOptions(pub, msg, sig, opts) // Ed25519ctx / Ed25519ph, any Policy
	ok, valid := v.Verify(nil)            // nil: crypto/rand
	return ok, valid
}

func Example_docBlock() {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	msg := []byte("hello")
	opts := &ed25519.Options{Context: "ctx"}
	sig, err := priv.Sign(nil, msg, opts)
	if err != nil {
		panic(err)
	}
	// The same signature is valid with its context, not without.
	fmt.Println(docBlock(pub, msg, sig, opts))
	// Output: false [false true]
}
