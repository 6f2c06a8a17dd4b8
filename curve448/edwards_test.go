package curve448

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

var (
	bigP = func() *big.Int {
		p := new(big.Int).Lsh(big.NewInt(1), 448)
		p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
		return p.Sub(p, big.NewInt(1))
	}()
	bigQ, _ = new(big.Int).SetString("181709681073901722637330951972001133588410340171829515070372549795146003961539585716195755291692375963310293709091662304773755859649779", 10)
	bigD    = new(big.Int).Sub(bigP, big.NewInt(39081))
)

func bigToLE(n *big.Int, size int) []byte {
	b := n.FillBytes(make([]byte, size))
	for i, j := 0, size-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// affineBig returns the affine coordinates of p with math/big.
func affineBig(p *Point) (x, y *big.Int) {
	z := bigle.Int(p.z.Bytes())
	zi := new(big.Int).ModInverse(z, bigP)
	x = new(big.Int).Mul(bigle.Int(p.x.Bytes()), zi)
	y = new(big.Int).Mul(bigle.Int(p.y.Bytes()), zi)
	return x.Mod(x, bigP), y.Mod(y, bigP)
}

// onCurveBig checks x² + y² = 1 + d·x²·y² and T·Z = X·Y with math/big.
func onCurveBig(t *testing.T, p *Point) {
	t.Helper()
	x, y := affineBig(p)
	x2 := new(big.Int).Mul(x, x)
	y2 := new(big.Int).Mul(y, y)
	lhs := new(big.Int).Add(x2, y2)
	rhs := new(big.Int).Mul(x2, y2)
	rhs.Mul(rhs, bigD).Add(rhs, big.NewInt(1))
	if lhs.Sub(lhs, rhs).Mod(lhs, bigP).Sign() != 0 {
		t.Fatal("point not on the curve")
	}
	XY := new(big.Int).Mul(bigle.Int(p.x.Bytes()), bigle.Int(p.y.Bytes()))
	TZ := new(big.Int).Mul(bigle.Int(p.t.Bytes()), bigle.Int(p.z.Bytes()))
	if XY.Sub(XY, TZ).Mod(XY, bigP).Sign() != 0 {
		t.Fatal("T·Z ≠ X·Y")
	}
}

func randScalar(t testing.TB) *Scalar {
	var b [114]byte
	rand.Read(b[:])
	s, err := new(Scalar).SetUniformBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// smallOrder returns the four points of order dividing 4, from math/big.
func smallOrder() []*Point {
	var pts []*Point
	for _, c := range [][2]int64{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		p := new(Point)
		x := new(big.Int).Mod(big.NewInt(c[0]), bigP)
		y := new(big.Int).Mod(big.NewInt(c[1]), bigP)
		p.x.SetCanonicalBytes(bigToLE(x, 56))
		p.y.SetCanonicalBytes(bigToLE(y, 56))
		p.z.One()
		p.t.Zero()
		pts = append(pts, p)
	}
	return pts
}

func TestGenerator(t *testing.T) {
	onCurveBig(t, generator)
	// q·B = identity, computed along a path independent of IsTorsionFree.
	var qm1 Scalar
	qm1.Subtract(new(Scalar), scalarOne())
	p := new(Point).ScalarMult(&qm1, generator)
	if p.Add(p, generator).Equal(NewIdentityPoint()) != 1 {
		t.Fatal("(q−1)·B + B ≠ identity")
	}
}

func scalarOne() *Scalar {
	var b [56]byte
	b[0] = 1
	s, _ := new(Scalar).SetCanonicalBytes(b[:])
	return s
}

// TestScalarBaseMult checks ScalarBaseMult against ScalarMult on the
// generator; the interop module compares it with circl.
func TestScalarBaseMult(t *testing.T) {
	for i := 0; i < 50; i++ {
		k := randScalar(t)
		got := new(Point).ScalarBaseMult(k)
		onCurveBig(t, got)
		if g2 := new(Point).ScalarMult(k, generator); g2.Equal(got) != 1 {
			t.Fatal("ScalarMult(k, B) ≠ ScalarBaseMult(k)")
		}
	}
	// Edge scalars: 0, 1, q−1.
	var zero Scalar
	if new(Point).ScalarBaseMult(&zero).Equal(NewIdentityPoint()) != 1 {
		t.Fatal("0·B ≠ identity")
	}
	if new(Point).ScalarBaseMult(scalarOne()).Equal(generator) != 1 {
		t.Fatal("1·B ≠ B")
	}
	m1 := new(Scalar).Negate(scalarOne())
	if new(Point).ScalarBaseMult(m1).Equal(new(Point).Negate(generator)) != 1 {
		t.Fatal("(q−1)·B ≠ −B")
	}
}

func TestVarTimeDoubleScalarBaseMult(t *testing.T) {
	for i := 0; i < 30; i++ {
		A := new(Point).ScalarBaseMult(randScalar(t))
		a, b := randScalar(t), randScalar(t)
		if i == 0 {
			a = new(Scalar)
		}
		if i == 1 {
			b = new(Scalar)
		}
		// Against the constant-time path, with torsion in A (the interop
		// module compares the prime-order case with circl's CombinedMult).
		for _, T := range smallOrder() {
			AT := new(Point).Add(A, T)
			g := new(Point).VarTimeDoubleScalarBaseMult(a, AT, b)
			w := new(Point).ScalarMult(a, AT)
			w.Add(w, new(Point).ScalarBaseMult(b))
			if g.Equal(w) != 1 {
				t.Fatal("VarTimeDoubleScalarBaseMult wrong on a mixed-order point")
			}
		}
	}
}

// TestDecodeRandom checks the lenient decoder against the strict one on
// random and near-edge encodings; the interop module compares the strict one
// with circl's.
func TestDecodeRandom(t *testing.T) {
	accepted := 0
	for i := 0; i < 2000; i++ {
		var b [57]byte
		rand.Read(b[:])
		switch i % 4 {
		case 0:
			b[56] &= 0x80 // valid unused bits
		case 1:
			copy(b[:], new(Point).ScalarBaseMult(randScalar(t)).Bytes())
			if i%8 == 1 {
				b[56] |= byte(1 << (i % 7)) // circl#635
			}
		case 2:
			b[55] = 0xff // near p
		}
		// The lenient decoder is the strict one on the input without bits
		// 448–454.
		var s Point
		_, serr := s.SetCanonicalBytes(b[:])
		masked := b
		masked[56] &= 0x80
		var p Point
		_, lerr := p.SetLenientBytes(b[:])
		if _, merr := new(Point).SetCanonicalBytes(masked[:]); (lerr == nil) != (merr == nil) {
			t.Fatalf("%x: lenient err %v, strict err on the masked input %v", b, lerr, merr)
		}
		if lerr != nil {
			continue
		}
		accepted++
		onCurveBig(t, &p)
		if serr == nil && p.Equal(&s) != 1 {
			t.Fatalf("%x: lenient and strict decodes differ", b)
		}
		if serr == nil && !bytes.Equal(s.Bytes(), b[:]) {
			t.Fatalf("%x: strict decode does not round-trip", b)
		}
	}
	if accepted < 500 {
		t.Fatalf("only %d accepted: generator too narrow", accepted)
	}
}

func TestDecodeEdges(t *testing.T) {
	pHex := bigToLE(bigP, 56)
	for _, tc := range []struct {
		name            string
		enc             []byte
		lenient, strict bool
	}{
		{"identity", append(bigToLE(big.NewInt(1), 56), 0), true, true},
		{"identity with sign", append(bigToLE(big.NewInt(1), 56), 0x80), false, false},
		{"(0, −1)", append(bigToLE(new(big.Int).Sub(bigP, big.NewInt(1)), 56), 0), true, true},
		{"y = p", append(append([]byte{}, pHex...), 0), false, false},
		{"y = p + 1 (≡ identity)", append(bigToLE(new(big.Int).Add(bigP, big.NewInt(1)), 56), 0), false, false},
		{"(1, 0)", append(make([]byte, 56), 0), true, true},
		{"(−1, 0)", append(make([]byte, 56), 0x80), true, true},
		{"identity, bit 448", append(bigToLE(big.NewInt(1), 56), 0x01), true, false},
		{"identity, bit 454", append(bigToLE(big.NewInt(1), 56), 0x40), true, false},
		{"short", make([]byte, 56), false, false},
		{"long", make([]byte, 58), false, false},
	} {
		_, lerr := new(Point).SetLenientBytes(tc.enc)
		_, serr := new(Point).SetCanonicalBytes(tc.enc)
		if (lerr == nil) != tc.lenient || (serr == nil) != tc.strict {
			t.Errorf("%s: lenient err %v, strict err %v", tc.name, lerr, serr)
		}
	}
}

func TestGroupLaws(t *testing.T) {
	id := NewIdentityPoint()
	for i := 0; i < 20; i++ {
		a, b := randScalar(t), randScalar(t)
		P := new(Point).ScalarBaseMult(a)
		Q := new(Point).ScalarBaseMult(b)
		T := smallOrder()[i%4]
		P.Add(P, T)
		sum := new(Point).Add(P, Q)
		onCurveBig(t, sum)
		if sum.Equal(new(Point).Add(Q, P)) != 1 {
			t.Fatal("addition not commutative")
		}
		if new(Point).Subtract(sum, Q).Equal(P) != 1 {
			t.Fatal("(P+Q)−Q ≠ P")
		}
		if new(Point).Add(P, new(Point).Negate(P)).Equal(id) != 1 {
			t.Fatal("P + (−P) ≠ identity")
		}
		if new(Point).Double(P).Equal(new(Point).Add(P, P)) != 1 {
			t.Fatal("2P ≠ P + P")
		}
		if P.Equal(Q) != 0 {
			t.Fatal("distinct points equal")
		}
		// Affine math/big check of the addition law.
		x1, y1 := affineBig(P)
		x2, y2 := affineBig(Q)
		x3, y3 := affineBig(sum)
		num := new(big.Int).Add(new(big.Int).Mul(x1, y2), new(big.Int).Mul(y1, x2))
		dxy := new(big.Int).Mul(new(big.Int).Mul(bigD, x1), new(big.Int).Mul(x2, new(big.Int).Mul(y1, y2)))
		den := new(big.Int).Add(big.NewInt(1), dxy)
		wantX := num.Mul(num, new(big.Int).ModInverse(den.Mod(den, bigP), bigP))
		wantX.Mod(wantX, bigP)
		num2 := new(big.Int).Sub(new(big.Int).Mul(y1, y2), new(big.Int).Mul(x1, x2))
		den2 := new(big.Int).Sub(big.NewInt(1), dxy)
		wantY := num2.Mul(num2, new(big.Int).ModInverse(den2.Mod(den2, bigP), bigP))
		wantY.Mod(wantY, bigP)
		if wantX.Cmp(x3) != 0 || wantY.Cmp(y3) != 0 {
			t.Fatal("addition disagrees with the affine law")
		}
	}
}

func TestTorsion(t *testing.T) {
	small := smallOrder()
	for i, T := range small {
		onCurveBig(t, T)
		if T.IsSmallOrder() != 1 {
			t.Errorf("small-order point %d: IsSmallOrder = 0", i)
		}
		if got, want := T.IsTorsionFree(), map[bool]int{true: 1, false: 0}[i == 0]; got != want {
			t.Errorf("small-order point %d: IsTorsionFree = %d", i, got)
		}
		if new(Point).MultByCofactor(T).Equal(NewIdentityPoint()) != 1 {
			t.Errorf("4·T ≠ identity for point %d", i)
		}
	}
	for i := 0; i < 8; i++ {
		P := new(Point).ScalarBaseMult(randScalar(t))
		if P.IsSmallOrder() != 0 || P.IsTorsionFree() != 1 {
			t.Fatal("prime-order point misclassified")
		}
		PT := new(Point).Add(P, small[1+i%3])
		if PT.IsSmallOrder() != 0 || PT.IsTorsionFree() != 0 {
			t.Fatal("mixed-order point misclassified")
		}
	}
}

func TestUninitializedPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Bytes":      func() { new(Point).Bytes() },
		"Add":        func() { new(Point).Add(new(Point), generator) },
		"Equal":      func() { generator.Equal(new(Point)) },
		"ScalarMult": func() { new(Point).ScalarMult(new(Scalar), new(Point)) },
	} {
		func() {
			defer func() {
				if r := recover(); r != "curve448: use of uninitialized Point" {
					t.Errorf("%s: recovered %v", name, r)
				}
			}()
			f()
		}()
	}
}

func TestScalarBig(t *testing.T) {
	for i := 0; i < 50; i++ {
		x, y := randScalar(t), randScalar(t)
		bx, by := bigle.Int(x.Bytes()), bigle.Int(y.Bytes())
		check := func(name string, got *Scalar, want *big.Int) {
			if !bytes.Equal(got.Bytes(), bigToLE(want.Mod(want, bigQ), 56)) {
				t.Fatalf("%s wrong", name)
			}
		}
		check("Add", new(Scalar).Add(x, y), new(big.Int).Add(bx, by))
		check("Subtract", new(Scalar).Subtract(x, y), new(big.Int).Sub(bx, by))
		check("Multiply", new(Scalar).Multiply(x, y), new(big.Int).Mul(bx, by))
		check("MultiplyAdd", new(Scalar).MultiplyAdd(x, y, x), new(big.Int).Add(new(big.Int).Mul(bx, by), bx))
		check("Negate", new(Scalar).Negate(x), new(big.Int).Neg(bx))
		check("Invert", new(Scalar).Invert(x), new(big.Int).ModInverse(bx, bigQ))
		var seed [57]byte
		rand.Read(seed[:])
		c := new(big.Int).Set(bigle.Int(seed[:56]))
		c.SetBit(c, 0, 0).SetBit(c, 1, 0).SetBit(c, 447, 1)
		s, err := new(Scalar).SetBytesWithClamping(seed[:])
		if err != nil {
			t.Fatal(err)
		}
		check("SetBytesWithClamping", s, c)
	}
	if _, err := new(Scalar).SetCanonicalBytes(bigToLE(bigQ, 56)); err == nil {
		t.Fatal("q accepted as canonical")
	}
	if _, err := new(Scalar).SetCanonicalBytes(bigToLE(new(big.Int).Sub(bigQ, big.NewInt(1)), 56)); err != nil {
		t.Fatal("q − 1 rejected")
	}
}

func TestBytesMontgomery(t *testing.T) {
	// φ(B) for the RFC 7748 4-isogeny u = y²/x², checked with math/big.
	x, y := affineBig(generator)
	u := new(big.Int).Mul(y, new(big.Int).ModInverse(x, bigP))
	u.Mul(u, u).Mod(u, bigP)
	if got := NewGeneratorPoint().BytesMontgomery(); !bytes.Equal(got, bigToLE(u, 56)) {
		t.Fatalf("BytesMontgomery(B) = %x", got)
	}
	if u.Cmp(big.NewInt(5)) != 0 {
		t.Fatalf("φ(B) has u = %s, not the X448 basepoint 5", hex.EncodeToString(bigToLE(u, 56)))
	}
	for _, T := range smallOrder() {
		if !bytes.Equal(T.BytesMontgomery(), make([]byte, 56)) {
			t.Fatal("small-order point does not map to u = 0")
		}
	}
}

func TestNilReceivers(t *testing.T) {
	var p *Point
	if _, err := p.SetCanonicalBytes(generator.Bytes()); err == nil {
		t.Error("nil Point decoded")
	}
	if _, err := p.SetLenientBytes(generator.Bytes()); err == nil {
		t.Error("nil Point decoded")
	}
	var s *Scalar
	if _, err := s.SetCanonicalBytes(make([]byte, 56)); err == nil {
		t.Error("nil Scalar set")
	}
	if _, err := s.SetUniformBytes(make([]byte, 114)); err == nil {
		t.Error("nil Scalar set")
	}
	if _, err := s.SetBytesWithClamping(make([]byte, 57)); err == nil {
		t.Error("nil Scalar set")
	}
	func() {
		defer func() {
			if r := recover(); r != "curve448: use of uninitialized Point" {
				t.Errorf("nil Point argument: recovered %v", r)
			}
		}()
		new(Point).Add(generator, nil)
	}()
}

// TestEqualDistinguishes is the circl#545 check: circl's Point.IsEqual
// compares cross products only, so a representation with Z = 0 equals every
// point. Here no valid Point has Z = 0 (the zero value panics, see
// TestUninitializedPanics), and Equal separates points that agree in one
// coordinate.
func TestEqualDistinguishes(t *testing.T) {
	P := new(Point).ScalarBaseMult(randScalar(t))
	negP := new(Point).Negate(P) // same y
	if P.Equal(negP) != 0 {
		t.Fatal("P equals −P")
	}
	T2 := smallOrder()[1]
	PT := new(Point).Add(P, T2) // (−x, −y)
	if P.Equal(PT) != 0 || negP.Equal(PT) != 0 {
		t.Fatal("P equals P + (0, −1)")
	}
	// Scaled representations of one point are equal.
	var Q Point
	Q.Set(P)
	var k fieldElement
	k.Mult32(feOne, 12345)
	Q.x.Multiply(&Q.x, &k)
	Q.y.Multiply(&Q.y, &k)
	Q.z.Multiply(&Q.z, &k)
	Q.t.Multiply(&Q.t, &k)
	if P.Equal(&Q) != 1 || !bytes.Equal(P.Bytes(), Q.Bytes()) {
		t.Fatal("projective scaling changes the point")
	}
}

func TestVarTimeSplitBaseMult(t *testing.T) {
	var two224 Scalar
	var b [56]byte
	b[28] = 1 // 2^224
	two224.SetCanonicalBytes(b[:])
	for i := 0; i < 20; i++ {
		b0, b1, a, c := randScalar(t), randScalar(t), randScalar(t), randScalar(t)
		A := new(Point).ScalarBaseMult(randScalar(t))
		C := new(Point).Add(new(Point).ScalarBaseMult(randScalar(t)), smallOrder()[i%4])
		if i%5 == 0 {
			b1 = new(Scalar)
		}
		got := new(Point).VarTimeSplitBaseMult(b0, b1, a, A, c, C)
		want := new(Point).ScalarBaseMult(new(Scalar).MultiplyAdd(b1, &two224, b0))
		want.Add(want, new(Point).ScalarMult(a, A))
		want.Add(want, new(Point).ScalarMult(c, C))
		if got.Equal(want) != 1 {
			t.Fatal("VarTimeSplitBaseMult differs from the constant-time sum")
		}
	}
}

// montDoubleU is x-only doubling on curve448 with math/big.
func montDoubleU(u *big.Int) *big.Int {
	u2 := new(big.Int).Mul(u, u)
	n := new(big.Int).Sub(u2, big.NewInt(1))
	n.Mul(n, n)
	d := new(big.Int).Add(u2, new(big.Int).Mul(big.NewInt(156326), u))
	d.Add(d, big.NewInt(1)).Mul(d, u).Mul(d, big.NewInt(4)).Mod(d, bigP)
	if d.Sign() == 0 {
		return new(big.Int) // the point at infinity, encoded as 0
	}
	n.Mul(n, new(big.Int).ModInverse(d, bigP))
	return n.Mod(n, bigP)
}

func TestSetMontgomery(t *testing.T) {
	// ψ(5, ±v) = ±4B.
	fourB := new(Point).MultByCofactor(generator)
	five := make([]byte, 56)
	five[0] = 5
	for sign := 0; sign < 2; sign++ {
		P, err := new(Point).SetMontgomery(five, sign)
		if err != nil {
			t.Fatal(err)
		}
		if P.Equal(fourB) != 1 && P.Equal(new(Point).Negate(fourB)) != 1 {
			t.Fatal("ψ(u = 5) is not ±4B")
		}
	}
	// Random points: φ(ψ(M)) = [4]M, checked on u with math/big.
	accepted := 0
	for i := 0; i < 200; i++ {
		var u [56]byte
		rand.Read(u[:])
		u[55] &= 0x7f
		switch i {
		case 0:
			u = [56]byte{} // u = 0
		case 1:
			u = [56]byte{1}
		case 2:
			copy(u[:], bigToLE(new(big.Int).Sub(bigP, big.NewInt(1)), 56))
		}
		P, err := new(Point).SetMontgomery(u[:], i%2)
		if err != nil {
			continue
		}
		accepted++
		onCurveBig(t, P)
		want := montDoubleU(montDoubleU(bigle.Int(u[:])))
		if got := P.BytesMontgomery(); !bytes.Equal(got, bigToLE(want, 56)) {
			t.Fatalf("u = %x: φ(ψ(M)) has u %x, [4]M has %x", u, got, bigToLE(want, 56))
		}
		if i == 0 && P.Equal(NewIdentityPoint()) != 1 {
			t.Fatal("ψ((0, 0)) is not the identity")
		}
	}
	if accepted < 60 {
		t.Fatalf("only %d of 200 accepted", accepted)
	}
	// ψ(φ(P)) = ±4P (the sign of v is lost with u).
	for i := 0; i < 10; i++ {
		P := new(Point).ScalarBaseMult(randScalar(t))
		P.Add(P, smallOrder()[i%4])
		Q, err := new(Point).SetMontgomery(P.BytesMontgomery(), 0)
		if err != nil {
			t.Fatal(err)
		}
		P4 := new(Point).MultByCofactor(P)
		if Q.Equal(P4) != 1 && Q.Equal(new(Point).Negate(P4)) != 1 {
			t.Fatal("ψ(φ(P)) is not ±4P")
		}
	}
	for name, u := range map[string][]byte{
		"short": make([]byte, 55),
		"p":     bigToLE(bigP, 56),
	} {
		if _, err := new(Point).SetMontgomery(u, 0); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}
