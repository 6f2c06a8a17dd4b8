package fieldp256_test

import (
	"encoding/hex"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
)

// Recovering y from x on P-256, y² = x³ − 3x + b, as point decompression does.
func Example() {
	dec := func(s string) *fieldp256.Element {
		b, _ := hex.DecodeString(s)
		e, err := new(fieldp256.Element).SetCanonicalBytes(b)
		if err != nil {
			panic(err)
		}
		return e
	}
	b := dec("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b")
	x := dec("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296") // the generator
	three := new(fieldp256.Element).One()
	three.Add(three, three).Add(three, new(fieldp256.Element).One())

	rhs := new(fieldp256.Element).Square(x)
	rhs.Multiply(rhs, x)
	rhs.Subtract(rhs, new(fieldp256.Element).Multiply(three, x))
	rhs.Add(rhs, b)

	y, ok := new(fieldp256.Element).Sqrt(rhs)
	// Choose the root with the generator's parity: its y is odd.
	if y.Bytes()[31]&1 == 0 {
		y.Negate(y)
	}
	fmt.Println(ok, hex.EncodeToString(y.Bytes()))
	// Output: 1 4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5
}
