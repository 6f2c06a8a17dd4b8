package ace

import (
	"math/big"
	"sync"

	"github.com/curvekit/curvekit/internal/acetest"
)

// An edwards25519 written with math/big in affine coordinates, straight
// from the curve equation −x² + y² = 1 + d·x²·y² and the unified addition
// law: the independent oracle of the point decoding, the order checks and
// the shared points in this package's tests (slow, and fine for that).

// bigPoint is an affine point (x, y), both reduced mod p.
type bigPoint struct{ x, y *big.Int }

// bigL is ℓ, the prime order of the main subgroup.
var bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func bigIdentity() bigPoint { return bigPoint{big.NewInt(0), big.NewInt(1)} }

// bigGenerator is the base point: y = 4/5, x even.
var bigGenerator = func() bigPoint {
	y := new(big.Int).ModInverse(big.NewInt(5), acetest.P)
	y.Mul(y, big.NewInt(4)).Mod(y, acetest.P)
	p, ok := bigRecoverX(y, 0)
	if !ok {
		panic("no base point")
	}
	return p
}()

// bigRecoverX returns the point with this y and the parity sign of x.
func bigRecoverX(y *big.Int, sign uint) (bigPoint, bool) {
	one := big.NewInt(1)
	yy := new(big.Int).Mul(y, y)
	num := new(big.Int).Sub(yy, one)
	den := new(big.Int).Mul(acetest.D, yy)
	den.Add(den, one).Mod(den, acetest.P)
	den.ModInverse(den, acetest.P)
	num.Mul(num, den).Mod(num, acetest.P)
	x := new(big.Int).ModSqrt(num, acetest.P)
	if x == nil {
		return bigPoint{}, false
	}
	if x.Bit(0) != sign {
		x.Sub(acetest.P, x).Mod(x, acetest.P)
	}
	return bigPoint{x, new(big.Int).Set(y)}, true
}

// bigDecompress decodes an RFC 8032 compressed point leniently, as
// crypto/ed25519 does: y taken mod p, x = 0 with the sign bit set allowed.
func bigDecompress(b []byte) (bigPoint, bool) {
	c := append([]byte(nil), b...)
	sign := uint(c[31] >> 7)
	c[31] &= 0x7f
	y := new(big.Int).Mod(bigLEInt(c), acetest.P)
	p, ok := bigRecoverX(y, sign)
	if ok && p.x.Sign() == 0 {
		return p, true
	}
	return p, ok && p.x.Bit(0) == sign
}

func bigLEInt(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

func bigAdd(p, q bigPoint) bigPoint {
	x1y2 := new(big.Int).Mul(p.x, q.y)
	y1x2 := new(big.Int).Mul(p.y, q.x)
	y1y2 := new(big.Int).Mul(p.y, q.y)
	x1x2 := new(big.Int).Mul(p.x, q.x)
	t := new(big.Int).Mul(x1x2, y1y2)
	t.Mul(t, acetest.D).Mod(t, acetest.P)
	one := big.NewInt(1)
	dx := new(big.Int).Add(one, t)
	dy := new(big.Int).Sub(one, t)
	dx.ModInverse(dx.Mod(dx, acetest.P), acetest.P)
	dy.ModInverse(dy.Mod(dy, acetest.P), acetest.P)
	x := x1y2.Add(x1y2, y1x2)
	x.Mul(x, dx).Mod(x, acetest.P)
	y := y1y2.Add(y1y2, x1x2) // a = −1: y1y2 − a·x1x2
	y.Mul(y, dy).Mod(y, acetest.P)
	return bigPoint{x, y}
}

func bigMul(k *big.Int, p bigPoint) bigPoint {
	acc := bigIdentity()
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc = bigAdd(acc, acc)
		if k.Bit(i) == 1 {
			acc = bigAdd(acc, p)
		}
	}
	return acc
}

func (p bigPoint) equal(q bigPoint) bool { return p.x.Cmp(q.x) == 0 && p.y.Cmp(q.y) == 0 }

func (p bigPoint) isIdentity() bool { return p.equal(bigIdentity()) }

// uncompressed is the x ‖ y encoding of p, computed here (independently of
// encodePoints).
func uncompressed(p bigPoint) []byte { return append(acetest.LE(p.x), acetest.LE(p.y)...) }

// bigFromEncoding decodes x ‖ y when both coordinates are canonical and the
// point is on the curve.
func bigFromEncoding(b []byte) (bigPoint, bool) {
	if len(b) != 64 {
		return bigPoint{}, false
	}
	x, y := bigLEInt(b[:32]), bigLEInt(b[32:])
	if x.Cmp(acetest.P) >= 0 || y.Cmp(acetest.P) >= 0 || !acetest.OnCurve(x, y) {
		return bigPoint{}, false
	}
	return bigPoint{x, y}, true
}

type orderClass struct{ decodes, smallOrder, torsionFree bool }

var orderMemo sync.Map // string(encoding) → orderClass

// bigClassify decodes b and reports whether the point is of small order
// (8·P = identity) and whether it is torsion-free (ℓ·P = identity).
func bigClassify(b []byte) orderClass {
	if c, ok := orderMemo.Load(string(b)); ok {
		return c.(orderClass)
	}
	var c orderClass
	if p, ok := bigFromEncoding(b); ok {
		c.decodes = true
		c.smallOrder = bigMul(big.NewInt(8), p).isIdentity()
		c.torsionFree = bigMul(bigL, p).isIdentity()
	}
	orderMemo.Store(string(b), c)
	return c
}

// oracleAcceptable is the oracle of RejectTorsion and NewPublicKey: a
// canonical encoding of a point of order ℓ.
func oracleAcceptable(b []byte) bool {
	c := bigClassify(b)
	return c.decodes && !c.smallOrder && c.torsionFree
}

// oracleClearable is the oracle of ClearCofactor: a canonical encoding of a
// point not of small order.
func oracleClearable(b []byte) bool {
	c := bigClassify(b)
	return c.decodes && !c.smallOrder
}
