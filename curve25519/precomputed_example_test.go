package curve25519_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/curvekit/curvekit/curve25519"
)

// A client that runs many ephemeral–static exchanges with the same server
// key (as a Tor client does with a relay's ntor key) prepares that key once;
// each exchange then costs a table walk instead of a Montgomery ladder.
func ExamplePrecomputedX25519() {
	serverPriv := make([]byte, curve25519.ScalarSize)
	if _, err := rand.Read(serverPriv); err != nil {
		panic(err)
	}
	serverPub, err := curve25519.X25519(serverPriv, curve25519.Basepoint)
	if err != nil {
		panic(err)
	}

	server, err := curve25519.NewPrecomputedX25519(serverPub)
	if err != nil {
		panic(err)
	}
	for i := 0; i < 3; i++ {
		ephPriv := make([]byte, curve25519.ScalarSize)
		if _, err := rand.Read(ephPriv); err != nil {
			panic(err)
		}
		ephPub, err := curve25519.X25519(ephPriv, curve25519.Basepoint)
		if err != nil {
			panic(err)
		}
		clientShared, err := server.X25519(ephPriv) // = X25519(ephPriv, serverPub)
		if err != nil {
			panic(err)
		}
		serverShared, err := curve25519.X25519(serverPriv, ephPub)
		if err != nil {
			panic(err)
		}
		fmt.Println(bytes.Equal(clientShared, serverShared))
	}
	// Output:
	// true
	// true
	// true
}

// ScalarMultPrecomputed multiplies a point used many times by secret
// scalars; the result is the same as ScalarMult's.
func ExamplePoint_ScalarMultPrecomputed() {
	var seed [64]byte
	if _, err := rand.Read(seed[:]); err != nil {
		panic(err)
	}
	s, err := curve25519.NewScalar().SetUniformBytes(seed[:])
	if err != nil {
		panic(err)
	}
	P := new(curve25519.Point).ScalarBaseMult(s) // some point
	table := curve25519.NewPrecomputedPoint(P)

	if _, err := rand.Read(seed[:]); err != nil {
		panic(err)
	}
	x, err := curve25519.NewScalar().SetUniformBytes(seed[:])
	if err != nil {
		panic(err)
	}
	fast := new(curve25519.Point).ScalarMultPrecomputed(x, table)
	plain := new(curve25519.Point).ScalarMult(x, P)
	fmt.Println(fast.Equal(plain) == 1)
	// Output: true
}

// A relay answering a handshake makes its ephemeral key and runs two
// exchanges with the client's key; X25519Multi computes all three with one
// field inversion.
func ExampleX25519Multi() {
	clientPriv := make([]byte, curve25519.ScalarSize)
	ephPriv := make([]byte, curve25519.ScalarSize)
	staticPriv := make([]byte, curve25519.ScalarSize)
	for _, k := range [][]byte{clientPriv, ephPriv, staticPriv} {
		if _, err := rand.Read(k); err != nil {
			panic(err)
		}
	}
	clientPub, err := curve25519.X25519(clientPriv, curve25519.Basepoint)
	if err != nil {
		panic(err)
	}

	res, err := curve25519.X25519Multi(
		[][]byte{ephPriv, ephPriv, staticPriv},
		[][]byte{curve25519.Basepoint, clientPub, clientPub})
	if err != nil {
		panic(err) // a low-order client key
	}
	ephPub, shared1, shared2 := res[0], res[1], res[2]

	// The same results one by one.
	want1, _ := curve25519.X25519(ephPriv, clientPub)
	want2, _ := curve25519.X25519(staticPriv, clientPub)
	fromClient, _ := curve25519.X25519(clientPriv, ephPub)
	fmt.Println(bytes.Equal(shared1, want1), bytes.Equal(shared2, want2), bytes.Equal(shared1, fromClient))
	// Output: true true true
}
