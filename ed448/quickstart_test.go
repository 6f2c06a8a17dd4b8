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
