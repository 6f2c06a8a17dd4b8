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
