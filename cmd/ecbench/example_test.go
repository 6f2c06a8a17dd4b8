package main

import (
	"fmt"
	"os"
	"strings"
)

// The table layout is openssl speed's: seconds per operation, then
// operations per second, under a header naming the columns; an algorithm
// whose curvekit implementation does not exist yet says so. The parser
// reads what openssl speed -mr prints.
func Example_table() {
	x25519, _ := selectAlgorithms([]string{"ecdhx25519"})
	ed448, _ := selectAlgorithms([]string{"ed448"})
	a, b := x25519[0], ed448[0]
	results := []Result{
		{Alg: a, Op: a.Ops[0], Impl: curvekitName, Rate: 24198.7},
		{Alg: b, Op: b.Ops[0], Impl: curvekitName, NotImplemented: true},
	}
	writeTable(os.Stdout, []*Algorithm{a, b}, results, curvekitName)

	rates, _, _ := parseOpenSSL(strings.NewReader("+F6:0:253:Ed25519:21013.000000:7480.602007\n"))
	for _, r := range rates {
		fmt.Println(r.Curve, r.Op, r.Rate)
	}
	// Output:
	//                               op      op/s
	//  253 bits ecdh (X25519)   0.0000s  24198.7
	//                               sign    verify    sign/s verify/s
	//  456 bits EdDSA (Ed448) curvekit: not yet implemented (peers: circl; see -compare go)
	// Ed25519 sign 21013
	// Ed25519 verify 7480.602007
}
