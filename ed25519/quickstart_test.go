package ed25519_test

import (
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/x509"
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/ed25519"
)

// The package documentation's and the README's snippets, compiled here.

// quickStart is the code block of the package documentation.
func quickStart(msg []byte) error {
	pub, priv, err := ed25519.GenerateKey(nil) // nil: crypto/rand
	if err != nil {
		return err
	}
	sig := ed25519.Sign(priv, msg)
	if !ed25519.Verify(pub, msg, sig) {
		return errors.New("bad signature")
	}
	return nil
}

func Example_quickStart() {
	fmt.Println(quickStart([]byte("hello")))
	// Output: <nil>
}

// fromPKCS8 is the README's migration snippet for x509.ParsePKCS8PrivateKey:
// its result is a crypto/ed25519.PrivateKey, which a case for this
// package's PrivateKey does not match.
func fromPKCS8(der []byte) (ed25519.PrivateKey, error) {
	key, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, err
	}
	switch k := key.(type) {
	case stded25519.PrivateKey: // not ed25519.PrivateKey: that case never matches
		return ed25519.PrivateKey(k), nil
	}
	return nil, fmt.Errorf("not an Ed25519 key: %T", key)
}

// Example_migration shows, with the README's migration list, what breaks at
// run time after swapping crypto/ed25519 for this package, and the fix.
func Example_migration() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))

	// x509.MarshalPKCS8PrivateKey knows only crypto/ed25519's type.
	_, err := x509.MarshalPKCS8PrivateKey(priv)
	fmt.Println(err != nil)
	der, err := ed25519.MarshalPKCS8PrivateKey(priv) // or x509's with stded25519.PrivateKey(priv)
	if err != nil {
		panic(err)
	}

	// x509.ParsePKCS8PrivateKey returns a crypto/ed25519.PrivateKey.
	var key crypto.PrivateKey
	key, _ = x509.ParsePKCS8PrivateKey(der)
	_, ok := key.(ed25519.PrivateKey)
	fmt.Println(ok)
	k, err := fromPKCS8(der) // or ed25519.ParsePKCS8PrivateKey(der)
	fmt.Println(k.Equal(priv), err)
	// Output:
	// true
	// false
	// true <nil>
}
