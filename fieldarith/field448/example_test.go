package field448_test

import (
	"encoding/hex"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/field448"
)

// Recover the x-coordinate of the Ed448 base point from its y, as point
// decompression does (RFC 8032, 5.2.3): x = sqrt((y²−1)/(d·y²−1)), d = −39081.
func Example() {
	yBytes, _ := hex.DecodeString("14fa30f25b790898adc8d74e2c13bdfdc4397ce61cffd33ad7c2a0051e9c78874098a36c7373ea4b62c7c9563720768824bcb66e71463f69")
	y, err := new(field448.Element).SetCanonicalBytes(yBytes)
	if err != nil {
		panic(err)
	}
	var one, d, y2, u, v, x field448.Element
	one.One()
	d.Mult32(&one, 39081).Negate(&d)
	y2.Square(y)
	u.Subtract(&y2, &one)
	v.Multiply(&d, &y2).Subtract(&v, &one)
	_, wasSquare := x.SqrtRatio(&u, &v)
	fmt.Println(wasSquare, hex.EncodeToString(x.Bytes()))
	// Output: 1 5ec00cc72ba826268e93008be1803b431165b62af71aae1264a4d3a324e36dea67170f477065149eda36bf22a6151d22ed0ded6bc670194f
}

// A sum and a difference that only feed a multiplication need no carry:
// (a+b)·(a−b) = a² − b², computed with loose operands.
func ExampleLoose() {
	var a, b, prod, a2, b2 field448.Element
	a.Mult32(new(field448.Element).One(), 1234567)
	b.Mult32(new(field448.Element).One(), 7654321)
	var sum, diff field448.Loose
	prod.MultiplyLoose(sum.Add(&a, &b), diff.Subtract(&a, &b))
	a2.Square(&a)
	b2.Square(&b)
	fmt.Println(prod.Equal(a2.Subtract(&a2, &b2)))
	// Output: 1
}
