package p256

import (
	"bytes"
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
)

//lint:file-ignore SA1019 crypto/elliptic is the independent reference these tests compare with.

// The reference for the group tests is crypto/elliptic's P-256 (Go's
// nistec, fiat-crypto field arithmetic), through its deprecated big.Int API.

var (
	refCurve = elliptic.P256()
	orderN   = refCurve.Params().N
	fieldP   = refCurve.Params().P
)

func refPoint(t testing.TB, k *big.Int) (x, y *big.Int) {
	t.Helper()
	return refCurve.ScalarBaseMult(k.Bytes())
}

func mustPoint(t testing.TB, b []byte) *point {
	t.Helper()
	p, err := new(point).setBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func scalar32(k *big.Int) *[32]byte {
	var b [32]byte
	k.FillBytes(b[:])
	return &b
}

// edgeScalars are the scalars every multiplication is checked on: 0, 1,
// small values, n−1, n, n+1, 2^k, 2^256−1 (unreduced, as CVE-2023-24532)
// and values with long runs of ones (carry propagation in the recodings).
func edgeScalars() []*big.Int {
	one := big.NewInt(1)
	var ks []*big.Int
	for _, v := range []int64{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64} {
		ks = append(ks, big.NewInt(v))
	}
	n := orderN
	ks = append(ks, new(big.Int).Sub(n, one), new(big.Int).Set(n), new(big.Int).Add(n, one),
		new(big.Int).Sub(n, big.NewInt(2)), new(big.Int).Rsh(n, 1), new(big.Int).Add(new(big.Int).Rsh(n, 1), one))
	for _, e := range []uint{6, 128, 252, 254, 255} {
		ks = append(ks, new(big.Int).Lsh(one, e), new(big.Int).Sub(new(big.Int).Lsh(one, e), one))
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)
	ks = append(ks, max, new(big.Int).Sub(max, n), new(big.Int).Lsh(n, 0).Add(n, big.NewInt(64)))
	// Alternating and run patterns.
	pat := new(big.Int)
	for i := 0; i < 256; i += 2 {
		pat.SetBit(pat, i, 1)
	}
	ks = append(ks, pat, new(big.Int).Xor(pat, max))
	return ks
}

func randScalar(r *rand.Rand) *big.Int {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return new(big.Int).SetBytes(b[:])
}

func TestGeneratorEncoding(t *testing.T) {
	want := elliptic.Marshal(refCurve, refCurve.Params().Gx, refCurve.Params().Gy)
	if got := ourBytes(&generator); !bytes.Equal(got, want) {
		t.Fatalf("G = %x, want %x", got, want)
	}
}

func TestScalarMultVsElliptic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	q := mustPoint(t, refBytes(refPoint(t, big.NewInt(123456789))))
	qx, qy := refPoint(t, big.NewInt(123456789))
	ks := edgeScalars()
	for range 20 {
		ks = append(ks, randScalar(r))
	}
	for _, k := range ks {
		kb := scalar32(k)
		var p point
		p.scalarBaseMult(kb)
		km := new(big.Int).Mod(k, orderN)
		want := refBytes(refCurve.ScalarBaseMult(km.Bytes()))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("scalarBaseMult(%x) = %x, want %x", k, got, want)
		}
		p.scalarMult(kb, q)
		want = refBytes(refCurve.ScalarMult(qx, qy, km.Bytes()))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("scalarMult(%x) = %x, want %x", k, got, want)
		}
		p.scalarMult(kb, &generator)
		want = refBytes(refCurve.ScalarBaseMult(km.Bytes()))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("scalarMult(%x, G) = %x, want %x", k, got, want)
		}
	}
}

func TestScalarMultIdentityInput(t *testing.T) {
	var id, p point
	id.setIdentity()
	for _, k := range append(edgeScalars(), big.NewInt(12345)) {
		p.scalarMult(scalar32(k), &id)
		// Z = 0 and Y ≠ 0: (0:0:0) is no point at all.
		if p.isIdentity() != 1 || p.y.IsZero() == 1 {
			t.Fatalf("%x·O ≠ O", k)
		}
	}
}

func TestDoubleScalarVsElliptic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ks := edgeScalars()
	for range 10 {
		ks = append(ks, randScalar(r))
	}
	qk := big.NewInt(987654321)
	qx, qy := refPoint(t, qk)
	q := mustPoint(t, refBytes(qx, qy))
	for i, a := range ks {
		b := ks[(i*7+3)%len(ks)]
		var p point
		p.varTimeDoubleScalarBaseMult(scalar32(a), scalar32(b), q)
		x1, y1 := refCurve.ScalarBaseMult(new(big.Int).Mod(a, orderN).Bytes())
		x2, y2 := refCurve.ScalarMult(qx, qy, new(big.Int).Mod(b, orderN).Bytes())
		want := refBytes(refCurve.Add(x1, y1, x2, y2))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("%x·G + %x·Q = %x, want %x", a, b, got, want)
		}
	}
	// u1·G + u2·Q = O with Q = G, u2 = n − u1: the identity as the result,
	// and as an intermediate when the wNAF digits cancel.
	for _, a := range ks[:10] {
		b := new(big.Int).Mod(new(big.Int).Neg(a), orderN)
		var p point
		p.varTimeDoubleScalarBaseMult(scalar32(a), scalar32(b), &generator)
		if p.isIdentity() != 1 {
			t.Errorf("%x·G + (−%x)·G ≠ O", a, a)
		}
	}
}

func TestAddExceptional(t *testing.T) {
	var id point
	id.setIdentity()
	p := mustPoint(t, refBytes(refPoint(t, big.NewInt(5))))
	var negp, r point
	negp.negate(p)
	want2 := refBytes(refPoint(t, big.NewInt(10)))
	cases := []struct {
		name string
		got  *point
		want []byte
	}{
		{"P+P", new(point).add(p, p), want2},
		{"2P", new(point).double(p), want2},
		{"P+(−P)", new(point).add(p, &negp), nil},
		{"O+P", new(point).add(&id, p), ourBytes(p)},
		{"P+O", new(point).add(p, &id), ourBytes(p)},
		{"O+O", new(point).add(&id, &id), nil},
		{"2O", new(point).double(&id), nil},
		{"O+affine(P)", new(point).addAffine(&id, &affinePoint{p.x, p.y}), ourBytes(p)},
		{"P+affine(P)", new(point).addAffine(p, &affinePoint{p.x, p.y}), want2},
		{"P+affine(−P)", new(point).addAffine(p, &affinePoint{negp.x, negp.y}), nil},
	}
	for _, c := range cases {
		if got := ourBytes(c.got); !bytes.Equal(got, c.want) {
			t.Errorf("%s = %x, want %x", c.name, got, c.want)
		}
	}
	// Mixed addition with a projective (Z ≠ 1) first operand.
	r.double(p)
	r.addAffine(&r, &affinePoint{negp.x, negp.y})
	if r.equal(p) != 1 {
		t.Error("2P − P ≠ P")
	}
}

func TestPointDecoding(t *testing.T) {
	gx := refCurve.Params().Gx
	gy := refCurve.Params().Gy
	unc := elliptic.Marshal(refCurve, gx, gy)
	comp := elliptic.MarshalCompressed(refCurve, gx, gy)
	if p := mustPoint(t, comp); p.equal(&generator) != 1 {
		t.Error("compressed G decodes wrong")
	}
	if p := mustPoint(t, unc); p.equal(&generator) != 1 {
		t.Error("uncompressed G decodes wrong")
	}
	// −G compressed: flip the prefix.
	negComp := append([]byte{comp[0] ^ 1}, comp[1:]...)
	var ng point
	ng.negate(&generator)
	if p := mustPoint(t, negComp); p.equal(&ng) != 1 {
		t.Error("compressed −G decodes wrong")
	}
	bad := map[string][]byte{
		"empty":          {},
		"infinity":       {0},
		"short":          unc[:64],
		"long":           append(append([]byte{}, unc...), 0),
		"prefix 5":       append([]byte{5}, unc[1:]...),
		"prefix 2 long":  append([]byte{2}, unc[1:]...),
		"prefix 4 short": append([]byte{4}, comp[1:]...),
		"hybrid 6":       append([]byte{6}, unc[1:]...),
		"off curve":      func() []byte { b := append([]byte{}, unc...); b[64] ^= 1; return b }(),
	}
	// x = p: not canonical. x + p with the same residue as a valid x does
	// not fit in 32 bytes for P-256, so test x ≥ p with x = p and 2^256−1.
	xp := make([]byte, 33)
	xp[0] = 2
	fieldP.FillBytes(xp[1:])
	bad["x = p compressed"] = xp
	ff := bytes.Repeat([]byte{0xff}, 65)
	ff[0] = 4
	bad["x,y = 2^256−1"] = ff
	yp := append([]byte{}, unc...)
	// y + p ≥ 2^256 for G's y? Use y = p − y + p? Simply set y = p.
	fieldP.FillBytes(yp[33:])
	bad["y = p"] = yp
	for name, b := range bad {
		if _, err := new(point).setBytes(b); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
	// A compressed x with no square root: find one.
	for x := int64(1); ; x++ {
		xb := make([]byte, 33)
		xb[0] = 2
		big.NewInt(x).FillBytes(xb[1:])
		x3 := new(big.Int).Exp(big.NewInt(x), big.NewInt(3), fieldP)
		x3.Sub(x3, big.NewInt(3*x))
		x3.Add(x3, refCurve.Params().B)
		x3.Mod(x3, fieldP)
		if x3.ModSqrt(x3, fieldP) == nil {
			if _, err := new(point).setBytes(xb); err == nil {
				t.Errorf("x = %d has no square root but decoded", x)
			}
			break
		}
	}
}

func TestPointDecodingRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 50 {
		k := randScalar(r)
		x, y := refCurve.ScalarBaseMult(k.Bytes())
		p := mustPoint(t, elliptic.MarshalCompressed(refCurve, x, y))
		if got, want := ourBytes(p), elliptic.Marshal(refCurve, x, y); !bytes.Equal(got, want) {
			t.Fatalf("compressed round trip %x ≠ %x", got, want)
		}
	}
}

// doubleN sets p = 2^n·p through Jacobian coordinates, as the
// multiplications do.
func (p *point) doubleN(n int) *point {
	var j jacobianPoint
	j.fromProjective(p)
	for range n {
		j.double(&j)
	}
	return p.fromJacobian(&j)
}

func TestDoubleN(t *testing.T) {
	p := mustPoint(t, refBytes(refPoint(t, big.NewInt(77))))
	for _, n := range []int{0, 1, 2, 4, 9} {
		var want point
		want.set(p)
		for range n {
			want.double(&want)
		}
		var got point
		got.set(p).doubleN(n)
		if got.equal(&want) != 1 {
			t.Errorf("doubleN(%d) wrong", n)
		}
		// From a projective point with Z ≠ 1.
		var q, wq point
		q.double(p)
		wq.set(&q)
		for range n {
			wq.double(&wq)
		}
		if q.doubleN(n).equal(&wq) != 1 {
			t.Errorf("doubleN(%d) of 2P wrong", n)
		}
	}
	var id point
	id.setIdentity()
	id.doubleN(4)
	if id.isIdentity() != 1 || id.y.IsZero() == 1 {
		t.Error("doubleN of the identity is not (0:Y:0) with Y ≠ 0")
	}
	// And it still behaves as the identity in an addition.
	if got := ourBytes(new(point).add(&id, p)); !bytes.Equal(got, ourBytes(p)) {
		t.Error("O (after doubleN) + P ≠ P")
	}
}

// scanImpl is one implementation of lookupAffine32 and lookupAffine8.
type scanImpl struct {
	name string
	l32  func(*affinePoint, *[32]affinePoint, int)
	l8   func(*affinePoint, *[8]affinePoint, int)
}

// p256Scans are the implementations under test: as built, the Go word
// scans, and the AVX2 scans where the CPU has AVX2 (and the build has
// them).
func p256Scans(t *testing.T) []scanImpl {
	impls := []scanImpl{{"lookup", lookupAffine32, lookupAffine8}, {"go", lookupAffine32Go, lookupAffine8Go}}
	if haveAVX2 {
		impls = append(impls, scanImpl{"avx2", lookupAffine32AVX2, lookupAffine8AVX2})
	} else {
		t.Log("no AVX2 scans in this build or on this CPU: testing the Go scans only")
	}
	return impls
}

func TestLookupMatchesTables(t *testing.T) {
	tab := baseTable()
	for _, impl := range p256Scans(t) {
		for _, j := range []int{0, 3, basePositions - 1} {
			for idx := 0; idx <= baseEntries; idx++ {
				var a, b affinePoint
				a = tab[j][7] // overwritten whatever it held
				impl.l32(&a, &tab[j], idx)
				b = tab[j][0] // index 0 gives the first entry
				if idx > 0 {
					b = tab[j][idx-1]
				}
				if a.x.Equal(&b.x) != 1 || a.y.Equal(&b.y) != 1 {
					t.Fatalf("%s: row %d: lookupAffine32(%d) is not entry %d", impl.name, j, idx, max(idx-1, 0))
				}
			}
		}
		// scalarMult's 8-entry scan: index 0 gives the first entry.
		row := (*[8]affinePoint)(tab[5][:8])
		for idx := 0; idx <= 8; idx++ {
			var a, b affinePoint
			a = row[3] // overwritten whatever it held
			impl.l8(&a, row, idx)
			b = row[0]
			if idx > 0 {
				b = row[idx-1]
			}
			if a.x.Equal(&b.x) != 1 || a.y.Equal(&b.y) != 1 {
				t.Fatalf("%s: lookupAffine8(%d) is not entry %d", impl.name, idx, idx-1)
			}
		}
	}
}

func TestJacobianAddExceptional(t *testing.T) {
	p := mustPoint(t, refBytes(refPoint(t, big.NewInt(5))))
	want2 := refBytes(refPoint(t, big.NewInt(10)))
	var jp, jn, jid, r jacobianPoint
	jp.fromProjective(new(point).double(p)).double(&jp) // 4P, Z ≠ 1
	p4 := refBytes(refPoint(t, big.NewInt(20)))
	if got := ourBytes(new(point).fromJacobian(&jp)); !bytes.Equal(got, p4) {
		t.Fatal("Jacobian round trip")
	}
	jp.fromProjective(p)
	jn = jp
	jn.y.Negate(&jn.y)
	jid.z.Zero()
	aff := affinePoint{p.x, p.y}
	naff := affinePoint{p.x, *new(fieldp256.Element).Negate(&p.y)}
	check := func(name string, got *jacobianPoint, want []byte) {
		t.Helper()
		if b := ourBytes(new(point).fromJacobian(got)); !bytes.Equal(b, want) {
			t.Errorf("%s = %x, want %x", name, b, want)
		}
	}
	check("P+P", r.varTimeAdd(&jp, &jp), want2)
	check("P+(−P)", r.varTimeAdd(&jp, &jn), nil)
	check("O+P", r.varTimeAdd(&jid, &jp), ourBytes(p))
	check("P+O", r.varTimeAdd(&jp, &jid), ourBytes(p))
	check("O+O", r.varTimeAdd(&jid, &jid), nil)
	check("P+aff(P)", r.varTimeAddAffine(&jp, &aff), want2)
	check("P+aff(−P)", r.varTimeAddAffine(&jp, &naff), nil)
	check("O+aff(P)", r.varTimeAddAffine(&jid, &aff), ourBytes(p))
	check("2O", r.double(&jid), nil)
	// Generic case with both Z ≠ 1: 2P + 3P.
	var a, b jacobianPoint
	a.fromProjective(new(point).double(p))
	b.fromProjective(new(point).add(new(point).double(p), p))
	check("2P+3P", r.varTimeAdd(&a, &b), refBytes(refPoint(t, big.NewInt(25))))
	check("2P+aff(P)", r.varTimeAddAffine(&a, &aff), refBytes(refPoint(t, big.NewInt(15))))
}

// TestScalarBaseMultDigitPatterns runs both constant-time multiplications on
// scalars whose low or high radix-2^6 digits are zero (the accumulator is
// the identity for many positions, or the last positions add nothing) and
// on sums of two adjacent digits, against crypto/elliptic.
func TestScalarBaseMultDigitPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	max := new(big.Int).Lsh(big.NewInt(1), 256)
	var ks []*big.Int
	for m := uint(0); m <= 43; m++ {
		v := randScalar(r)
		ks = append(ks, new(big.Int).Mod(new(big.Int).Lsh(v, 6*m), max), new(big.Int).Rsh(v, 6*m))
		// One nonzero digit at position m, with either sign pattern.
		d := new(big.Int).Lsh(big.NewInt(int64(1+r.IntN(32))), 6*m)
		d.Mod(d, max)
		ks = append(ks, d, new(big.Int).Mod(new(big.Int).Neg(d), orderN), new(big.Int).Mod(new(big.Int).Sub(d, big.NewInt(1)), max))
	}
	for i := int64(1); i <= 20; i++ { // n ± small: the last addition wraps
		ks = append(ks, new(big.Int).Add(orderN, big.NewInt(i)), new(big.Int).Sub(orderN, big.NewInt(i)),
			new(big.Int).Add(orderN, big.NewInt(16*i)), new(big.Int).Sub(orderN, big.NewInt(16*i)))
	}
	qx, qy := refPoint(t, big.NewInt(31337))
	q := mustPoint(t, refBytes(qx, qy))
	for _, k := range ks {
		var p point
		km := new(big.Int).Mod(k, orderN)
		p.scalarBaseMult(scalar32(k))
		want := refBytes(refCurve.ScalarBaseMult(km.Bytes()))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("scalarBaseMult(%x) = %x, want %x", k, got, want)
		}
		p.scalarMult(scalar32(k), q)
		want = refBytes(refCurve.ScalarMult(qx, qy, km.Bytes()))
		if got := ourBytes(&p); !bytes.Equal(got, want) {
			t.Errorf("scalarMult(%x) = %x, want %x", k, got, want)
		}
	}
}
