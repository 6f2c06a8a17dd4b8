package field25519_test

import (
	"encoding/hex"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/field25519"
)

// Recover the x-coordinate of the edwards25519 base point from its y = 4/5,
// as point decompression does: x = sqrt((y²−1)/(d·y²+1)).
func Example() {
	var one, four, five, y, y2, u, v, x field25519.Element
	one.One()
	four.Mult32(&one, 4)
	five.Mult32(&one, 5)
	y.Multiply(&four, five.Invert(&five))
	dBytes, _ := hex.DecodeString("a3785913ca4deb75abd841414d0a700098e879777940c78c73fe6f2bee6c0352")
	d, _ := new(field25519.Element).SetCanonicalBytes(dBytes)
	y2.Square(&y)
	u.Subtract(&y2, &one)
	v.Multiply(d, &y2).Add(&v, &one)
	_, wasSquare := x.SqrtRatio(&u, &v)
	fmt.Println(wasSquare, hex.EncodeToString(x.Bytes()))
	// Output: 1 1ad5258f602d56c9b2a7259560c72c695cdcd6fd31e2a4c0fe536ecdd3366921
}

// A sum and a difference that only feed a multiplication need no carry:
// (a+b)·(a−b) = a² − b², computed with loose operands.
func ExampleLoose() {
	var a, b, prod, a2, b2 field25519.Element
	a.Mult32(new(field25519.Element).One(), 1234567)
	b.Mult32(new(field25519.Element).One(), 7654321)
	var sum, diff field25519.Loose
	prod.MultiplyLoose(sum.Add(&a, &b), diff.Subtract(&a, &b))
	a2.Square(&a)
	b2.Square(&b)
	fmt.Println(prod.Equal(a2.Subtract(&a2, &b2)))
	// Output: 1
}
