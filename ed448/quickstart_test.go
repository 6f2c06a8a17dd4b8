package ed448_test

import (
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/ed448"
)

// The package documentation's and the README's snippet, compiled here.

// quickStart is the code block of the package documentation.
func quickStart(msg []byte) error {
	pub, priv, err := ed448.GenerateKey(nil) // nil: crypto/rand
	if err != nil {
		return err
	}
	sig := ed448.Sign(priv, msg, "") // "": no context
	if !ed448.Verify(pub, msg, sig, "") {
		return errors.New("bad signature")
	}
	return nil
}

func Example_quickStart() {
	fmt.Println(quickStart([]byte("hello")))
	// Output: <nil>
}

// Example_migration shows the opts that PrivateKey.Sign takes after a swap
// from circl: this package's SignerOptions (circl's own is refused with an
// error rather than signed without its context).
func Example_migration() {
	priv := ed448.NewKeyFromSeed(make([]byte, ed448.SeedSize))
	pub := priv.Public().(ed448.PublicKey)
	msg := []byte("hello")
	sig, err := priv.Sign(nil, msg, ed448.SignerOptions{Context: "my protocol"})
	fmt.Println(err, ed448.Verify(pub, msg, sig, "my protocol"))
	// Output: <nil> true
}
