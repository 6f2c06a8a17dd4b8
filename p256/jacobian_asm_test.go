package p256

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	crand "crypto/rand"
	"crypto/sha256"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// The point routines of zz_generated_jacobian_amd64.s against the Go
// methods written from the same plans (zz_generated_jacobian.go), limb for
// limb, on curve points, on arbitrary coordinates (the formulas are field
// arithmetic: any three elements are a valid input to compare), on edge
// values and on the exceptional inputs (the identity, P = Q, P = −Q),
// where both must give the same garbage. Where the build or the CPU has
// no assembly the comparisons are trivial, and say so.

func jacElement(t testing.TB, x *big.Int) fieldp256.Element {
	t.Helper()
	var b [32]byte
	new(big.Int).Mod(x, fieldP).FillBytes(b[:])
	var e fieldp256.Element
	if _, err := e.SetCanonicalBytes(b[:]); err != nil {
		t.Fatal(err)
	}
	return e
}

// jacEdges are field values and limbs that stress the carries and corrections: 0,
// 1, 2, p − 1, p − 2, (p ± 1)/2, 2^255, 2^224, 2^256 − p, values with
// all-ones or all-zero limbs, each mod p.
func jacEdges(t testing.TB) []fieldp256.Element {
	one := big.NewInt(1)
	vals := []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(fieldP, one), new(big.Int).Sub(fieldP, big.NewInt(2)),
		new(big.Int).Rsh(fieldP, 1), new(big.Int).Add(new(big.Int).Rsh(fieldP, 1), one),
		new(big.Int).Lsh(one, 255), new(big.Int).Lsh(one, 224), new(big.Int).Lsh(one, 64),
		new(big.Int).Sub(new(big.Int).Lsh(one, 256), fieldP),
		new(big.Int).Sub(new(big.Int).Lsh(one, 192), one),
		new(big.Int).Sub(new(big.Int).Lsh(one, 64), one),
		new(big.Int).Sub(fieldP, new(big.Int).Lsh(one, 96)),
	}
	// Each value both as the element and as the limbs (the element
	// v·R⁻¹, whose Montgomery limbs are v).
	Ri := new(big.Int).ModInverse(new(big.Int).Lsh(one, 256), fieldP)
	out := make([]fieldp256.Element, 0, 2*len(vals)+1)
	for _, v := range vals {
		out = append(out, jacElement(t, v), jacElement(t, new(big.Int).Mul(v, Ri)))
	}
	var r fieldp256.Element
	r.One() // R mod p in the limbs
	return append(out, r)
}

func jacRandElement(t testing.TB, r *rand.Rand, edges []fieldp256.Element) fieldp256.Element {
	if r.IntN(4) == 0 {
		return edges[r.IntN(len(edges))]
	}
	return jacElement(t, new(big.Int).SetBytes(randBytes(r, 40)))
}

// jacRandPoint returns a Jacobian point: a curve point with a random Z
// (sometimes Z = 1 or the identity), or, half of the time, three arbitrary
// field values.
func jacRandPoint(t testing.TB, r *rand.Rand, edges []fieldp256.Element) jacobianPoint {
	var p jacobianPoint
	if r.IntN(2) == 0 {
		p.x = jacRandElement(t, r, edges)
		p.y = jacRandElement(t, r, edges)
		p.z = jacRandElement(t, r, edges)
		return p
	}
	var q point
	q.scalarBaseMult(scalarOf(randScalar(r)))
	p.fromProjective(&q)
	switch r.IntN(4) {
	case 0:
		p.x, p.y, _ = q.affine()
		p.z.One()
	case 1:
		p.z.Zero()
	default:
		z := jacRandElement(t, r, edges)
		p.scaleJacobian(&z)
	}
	return p
}

// scaleJacobian sets p to the same point with Z multiplied by z.
func (p *jacobianPoint) scaleJacobian(z *fieldp256.Element) {
	var z2, z3 fieldp256.Element
	z2.Square(z)
	z3.Multiply(&z2, z)
	p.x.Multiply(&p.x, &z2)
	p.y.Multiply(&p.y, &z3)
	p.z.Multiply(&p.z, z)
}

// jacCheck runs every routine on a, b (and b's affine part, as if Z = 1)
// against the Go code, with and without aliasing.
func jacCheck(t *testing.T, a, b jacobianPoint) {
	t.Helper()
	var got, want jacobianPoint
	jacobianDoubleAsm(&got, &a)
	want.doubleGeneric(&a)
	if got != want {
		t.Fatalf("double(%x):\nasm %x\nGo  %x", a, got, want)
	}
	got = a
	jacobianDoubleAsm(&got, &got)
	if got != want {
		t.Fatalf("double in place(%x):\nasm %x\nGo  %x", a, got, want)
	}
	for n := 1; n <= 5; n++ {
		got, want = a, a
		jacobianDoubleNAsm(&got, n)
		for range n {
			want.doubleGeneric(&want)
		}
		if got != want {
			t.Fatalf("doubleN(%x, %d):\nasm %x\nGo  %x", a, n, got, want)
		}
	}
	jacobianLinearOpsAsm(&got, &a, &b)
	want.linearOpsGeneric(&a, &b)
	if got != want {
		t.Fatalf("linear steps(%x, %x):\nasm %x\nGo  %x", a, b, got, want)
	}
	ba := affinePoint{b.x, b.y}
	jacobianAddAffineAsm(&got, &a, &ba)
	want.addAffineUncheckedGeneric(&a, &ba)
	if got != want {
		t.Fatalf("addAffine(%x, %x):\nasm %x\nGo  %x", a, ba, got, want)
	}
	got = a
	jacobianAddAffineAsm(&got, &got, &ba)
	if got != want {
		t.Fatalf("addAffine in place(%x, %x):\nasm %x\nGo  %x", a, ba, got, want)
	}
	for _, neg := range []int{0, 1} {
		for _, zero := range []int{0, 1} {
			got, want = a, a
			jacobianAddAffineDigitAsm(&got, &ba, neg, zero)
			want.addAffineDigitGeneric(&ba, neg, zero)
			if got != want {
				t.Fatalf("addAffineDigit(%x, %x, %d, %d):\nasm %x\nGo  %x", a, ba, neg, zero, got, want)
			}
		}
	}
	jacobianAddAsm(&got, &a, &b)
	want.addUncheckedGeneric(&a, &b)
	if got != want {
		t.Fatalf("add(%x, %x):\nasm %x\nGo  %x", a, b, got, want)
	}
	got = a
	jacobianAddAsm(&got, &got, &b)
	if got != want {
		t.Fatalf("add into a(%x, %x):\nasm %x\nGo  %x", a, b, got, want)
	}
	got = b
	jacobianAddAsm(&got, &a, &got)
	if got != want {
		t.Fatalf("add into b(%x, %x):\nasm %x\nGo  %x", a, b, got, want)
	}
	jacobianAddAsm(&got, &a, &a)
	want.addUncheckedGeneric(&a, &a)
	if got != want {
		t.Fatalf("add(a, a) (%x):\nasm %x\nGo  %x", a, got, want)
	}
}

func TestJacobianAsm(t *testing.T) {
	if !jacobianHasAsm {
		t.Log("no point assembly in this build or on this CPU: the Go code is compared with itself")
	}
	edges := jacEdges(t)
	// Every edge value in every coordinate of a and of b.
	for _, e := range edges {
		for c := 0; c < 3; c++ {
			for _, f := range edges {
				var a, b jacobianPoint
				a.x, a.y, a.z = edges[1], edges[2], edges[3]
				b.x, b.y, b.z = edges[4], edges[5], edges[6]
				*[]*fieldp256.Element{&a.x, &a.y, &a.z}[c] = e
				*[]*fieldp256.Element{&b.x, &b.y, &b.z}[(c+1)%3] = f
				jacCheck(t, a, b)
			}
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		jacCheck(t, jacRandPoint(t, r, edges), jacRandPoint(t, r, edges))
	}
}

// TestJacobianAsmExceptional checks the inputs the additions are not
// defined for (the identity, a = b, a = −b), where the routines must still
// agree with the Go code (and signal by Z3 = 0), and the doubling of the
// identity and of curve points against the reference.
func TestJacobianAsmExceptional(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	edges := jacEdges(t)
	for range 100 {
		var q point
		q.scalarBaseMult(scalarOf(randScalar(r)))
		var a, b, id jacobianPoint
		a.fromProjective(&q)
		z := jacRandElement(t, r, edges[1:])
		a.scaleJacobian(&z)
		b.fromProjective(&q) // the same point, another Z
		jacCheck(t, a, b)
		nb := b
		nb.y.Negate(&nb.y)
		jacCheck(t, a, nb)
		id.y.One() // (0:1:0)
		jacCheck(t, id, a)
		jacCheck(t, a, id)
		// Z3 = 0 for a = ±b in both additions.
		var s jacobianPoint
		var ab affinePoint
		ab.x, ab.y, _ = q.affine()
		for _, neg := range []bool{false, true} {
			e := ab
			if neg {
				e.y.Negate(&e.y)
			}
			jacobianAddAffineAsm(&s, &a, &e)
			if s.z.IsZero() != 1 {
				t.Fatalf("addAffine(a, ±a) has Z3 ≠ 0")
			}
		}
		jacobianAddAsm(&s, &a, &b)
		if s.z.IsZero() != 1 {
			t.Fatalf("add(a, a) has Z3 ≠ 0")
		}
		jacobianAddAsm(&s, &a, &nb)
		if s.z.IsZero() != 1 {
			t.Fatalf("add(a, −a) has Z3 ≠ 0")
		}
		// The digit step: p = O gives the (negated) entry, zero keeps p,
		// otherwise the sum, against the complete projective addition.
		var e2 point
		e2.scalarBaseMult(scalarOf(randScalar(r)))
		var eb affinePoint
		eb.x, eb.y, _ = e2.affine()
		for _, neg := range []int{0, 1} {
			var want, got point
			en := eb
			en.y.Select(new(fieldp256.Element).Negate(&eb.y), &eb.y, neg)
			want.addAffine(&q, &en)
			d := a
			jacobianAddAffineDigitAsm(&d, &eb, neg, 0)
			got.fromJacobian(&d)
			if got.equal(&want) != 1 {
				t.Fatalf("addAffineDigit(q, e, %d, 0) is not q ± e", neg)
			}
			d = a
			jacobianAddAffineDigitAsm(&d, &eb, neg, 1)
			if d != a {
				t.Fatalf("addAffineDigit(q, e, %d, 1) changed q", neg)
			}
			d = id
			jacobianAddAffineDigitAsm(&d, &eb, neg, 0)
			want.setIdentity()
			want.addAffine(&want, &en)
			got.fromJacobian(&d)
			if got.equal(&want) != 1 || d.z != *new(fieldp256.Element).One() {
				t.Fatalf("addAffineDigit(O, e, %d, 0) is not ±e with Z = 1", neg)
			}
		}
		// Doubling: against the complete projective formulas.
		var d jacobianPoint
		jacobianDoubleAsm(&d, &a)
		var pd, want point
		pd.fromJacobian(&d)
		want.double(&q)
		if pd.equal(&want) != 1 {
			t.Fatalf("double(q) is not 2q")
		}
		jacobianDoubleAsm(&d, &id)
		if d.z.IsZero() != 1 {
			t.Fatalf("double(O) has Z ≠ 0")
		}
	}
}

// TestJacobianAsmDispatch runs ECDH and verification on both paths in one
// binary against crypto/ecdh and crypto/ecdsa, and checks Assembly.
func TestJacobianAsmDispatch(t *testing.T) {
	defer func(u bool) { jacobianUseAsm = u }(jacobianUseAsm)
	r := rand.New(rand.NewPCG(15, 16))
	for _, useAsm := range []bool{false, true} {
		jacobianUseAsm = useAsm && jacobianHasAsm
		if got := groupAssembly() != ""; got != jacobianUseAsm {
			t.Fatalf("groupAssembly() = %q with the assembly switched %v", groupAssembly(), jacobianUseAsm)
		}
		if got := strings.Contains(Assembly(), "Jacobian point formulas"); got != jacobianUseAsm {
			t.Fatalf("Assembly() = %q with the point assembly switched %v", Assembly(), jacobianUseAsm)
		}
		for range 20 {
			priv, spriv := randKeyPair(t, r)
			peer, speer := randKeyPair(t, r)
			got, err := priv.ECDH(peer.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			ek, _ := spriv.ECDH()
			epub, _ := speer.PublicKey.ECDH()
			want, err := ek.ECDH(epub)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("asm %v: ECDH %x, crypto/ecdh %x", useAsm, got, want)
			}
			_ = ecdh.P256
			digest := sha256.Sum256(randBytes(r, 20))
			sig, err := ecdsa.SignASN1(crand.Reader, spriv, digest[:])
			if err != nil {
				t.Fatal(err)
			}
			if !VerifyASN1(priv.PublicKey(), digest[:], sig) {
				t.Fatalf("asm %v: a crypto/ecdsa signature does not verify", useAsm)
			}
			digest[0] ^= 1
			if VerifyASN1(priv.PublicKey(), digest[:], sig) {
				t.Fatalf("asm %v: a signature of another digest verifies", useAsm)
			}
		}
	}
}

// FuzzJacobianAsm compares the routines with the Go code on coordinates
// taken from the input (each 32 bytes reduced mod p).
func FuzzJacobianAsm(f *testing.F) {
	f.Add(make([]byte, 6*32))
	f.Add(append(fieldP.Bytes(), make([]byte, 5*32)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 6*32 {
			return
		}
		var c [6]fieldp256.Element
		for i := range c {
			c[i] = jacElement(t, new(big.Int).SetBytes(data[32*i:32*i+32]))
		}
		jacCheck(t, jacobianPoint{c[0], c[1], c[2]}, jacobianPoint{c[3], c[4], c[5]})
	})
}

// BenchmarkJacobianAsm times the routines against the Go code,
// interleaved (benchutil.Compare, thread CPU time), 100 chained calls.
func BenchmarkJacobianAsm(b *testing.B) {
	if !jacobianHasAsm {
		b.Skip("no point assembly in this build or on this CPU")
	}
	r := rand.New(rand.NewPCG(17, 18))
	var q point
	q.scalarBaseMult(scalarOf(randScalar(r)))
	var p, j jacobianPoint
	p.fromProjective(&q)
	j = p
	var e affinePoint
	e.x, e.y, _ = q.affine()
	const chain = 100
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	b.Run("double", func(b *testing.B) {
		benchutil.Compare(b,
			c("asm", func() {
				for range chain {
					jacobianDoubleAsm(&p, &p)
				}
			}),
			c("asmN", func() { jacobianDoubleNAsm(&p, chain) }),
			c("go", func() {
				for range chain {
					p.doubleGeneric(&p)
				}
			}))
	})
	b.Run("addAffine", func(b *testing.B) {
		benchutil.Compare(b,
			c("asm", func() {
				for range chain {
					jacobianAddAffineAsm(&p, &p, &e)
				}
			}),
			c("go", func() {
				for range chain {
					p.addAffineUncheckedGeneric(&p, &e)
				}
			}))
	})
	b.Run("add", func(b *testing.B) {
		benchutil.Compare(b,
			c("asm", func() {
				for range chain {
					jacobianAddAsm(&p, &p, &j)
				}
			}),
			c("go", func() {
				for range chain {
					p.addUncheckedGeneric(&p, &j)
				}
			}))
	})
}

// TestGoFormulas runs the Wycheproof and differential tests again with the
// point assembly switched off, so that both paths see them in one binary
// (the default run takes the assembly where the CPU has it).
func TestGoFormulas(t *testing.T) {
	if !jacobianHasAsm {
		t.Skip("no point assembly in this build or on this CPU: the default tests run the Go code")
	}
	defer func(u bool) { jacobianUseAsm = u }(jacobianUseAsm)
	jacobianUseAsm = false
	t.Run("WycheproofECDSA", TestWycheproofECDSA)
	t.Run("WycheproofECDH", TestWycheproofECDH)
	t.Run("DifferentialECDH", TestDifferentialECDH)
	t.Run("DifferentialSignVerify", TestDifferentialSignVerify)
}
