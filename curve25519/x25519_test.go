package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/xdhtest"
)

// x25519Func is an X25519 implementation under test.
type x25519Func = func(scalar, point []byte) ([]byte, error)

// x25519Impls are the X25519 implementations the tests run: the exported
// function, and where it runs on the fe64 assembly ladder, the field25519
// ladder too (xdhWith), so that both ladders meet every vector in one
// binary.
func x25519Impls() map[string]x25519Func {
	m := map[string]x25519Func{"X25519": X25519}
	if ladder64On() {
		m["field25519"] = func(k, u []byte) ([]byte, error) {
			var dst [32]byte
			return xdhWith(false, &dst, k, u)
		}
	}
	return m
}

// forEachX25519 runs f as a subtest for each of x25519Impls.
func forEachX25519(t *testing.T, f func(t *testing.T, x25519 x25519Func)) {
	for name, x := range x25519Impls() {
		t.Run(name, func(t *testing.T) { f(t, x) })
	}
}

// TestX25519Wycheproof runs every case of Wycheproof's x25519_test.json: all
// cases are "valid" or "acceptable"; the acceptable ZeroSharedSecret cases
// must be rejected (as x/crypto does), every other case must give shared.
func TestX25519Wycheproof(t *testing.T) {
	forEachX25519(t, func(t *testing.T, x25519 x25519Func) {
		xdhtest.Wycheproof(t, "testdata/x25519_wycheproof_test.json", "curve25519", 518, x25519, func(c *xdhtest.Case) {
			if c.Result == "invalid" {
				t.Errorf("tcId %d: the X25519 file has no invalid cases", c.ID)
			}
			// The deprecated API returns the raw result, zero included.
			var dst [32]byte
			ScalarMult(&dst, (*[32]byte)(c.Private), (*[32]byte)(c.Public))
			if !bytes.Equal(dst[:], c.Out) {
				t.Errorf("tcId %d: ScalarMult = %x, want %x", c.ID, dst, c.Out)
			}
		})
	})
}

// TestX25519RFC7748Vectors checks the §5.2 vectors (data file from pyca) and
// the §6.1 Diffie-Hellman example.
func TestX25519RFC7748Vectors(t *testing.T) {
	forEachX25519(t, func(t *testing.T, x25519 x25519Func) {
		xdhtest.PyCA(t, "testdata/x25519_rfc7748_pyca.txt", 3, x25519)

		// RFC 7748 §6.1, transcribed from the RFC text (testdata/x25519_SOURCE.md).
		xdhtest.DiffieHellman(t, x25519, Basepoint,
			"77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
			"8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
			"5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
			"de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
			"4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")
		alicePriv := xdhtest.Hex(t, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
		alicePub := xdhtest.Hex(t, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
		var dst [32]byte
		ScalarBaseMult(&dst, (*[32]byte)(alicePriv))
		if !bytes.Equal(dst[:], alicePub) {
			t.Errorf("ScalarBaseMult(alice) = %x, want %x", dst, alicePub)
		}
	})
}

// TestX25519RFC7748Iterated runs the iterated test of RFC 7748 §5.2: k = u = 9,
// then k, u = X25519(k, u), k. Expected values transcribed from the RFC text.
func TestX25519RFC7748Iterated(t *testing.T) {
	xdhtest.Iterated(t, X25519, 32, 9, map[int]string{
		1:       "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
		1000:    "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
		1000000: "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424",
	})
}

func TestX25519BadLengths(t *testing.T) {
	good := make([]byte, 32)
	good[0] = 1
	for _, n := range []int{0, 1, 31, 33, 64} {
		bad := make([]byte, n)
		if out, err := X25519(bad, Basepoint); err == nil {
			t.Errorf("scalar of %d bytes accepted: %x", n, out)
		}
		if out, err := X25519(good, bad); err == nil {
			t.Errorf("point of %d bytes accepted: %x", n, out)
		}
	}
	if out, err := X25519(nil, nil); err == nil {
		t.Errorf("nil inputs accepted: %x", out)
	}
}

func TestX25519Basepoint(t *testing.T) {
	if want := append([]byte{9}, make([]byte, 31)...); !bytes.Equal(Basepoint, want) {
		t.Fatalf("Basepoint = %x", Basepoint)
	}
	// Corrupting the exported variable must not change results computed with
	// an independent copy of u = 9.
	k := xdhtest.Random(t, 32)
	want, _ := X25519(k, []byte{9, 31: 0})
	saved := Basepoint[0]
	Basepoint[0] = 10
	got, err := X25519(k, []byte{9, 31: 0})
	Basepoint[0] = saved
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("result depends on the exported Basepoint")
	}
}

// x25519LowOrder lists the u-coordinates of the points of order 1, 2, 4 and 8
// (and their non-canonical encodings), for which every output is zero.
var x25519LowOrder = []string{
	"0000000000000000000000000000000000000000000000000000000000000000", // u = 0, order 2
	"0100000000000000000000000000000000000000000000000000000000000000", // u = 1, order 4
	"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", // order 8
	"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", // order 8
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // u = p - 1 = -1, order 4 on the twist
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // u = p ≡ 0
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // u = p + 1 ≡ 1
	"0000000000000000000000000000000000000000000000000000000000000080", // u = 0 with bit 255
}

func TestX25519LowOrder(t *testing.T) {
	forEachX25519(t, func(t *testing.T, x25519 x25519Func) {
		for _, h := range x25519LowOrder {
			u := xdhtest.Hex(t, h)
			for i := 0; i < 4; i++ {
				k := xdhtest.Random(t, 32)
				if out, err := x25519(k, u); err == nil {
					t.Errorf("low-order point %s accepted: %x", h, out)
				}
				var dst [32]byte
				for j := range dst {
					dst[j] = 0xaa
				}
				ScalarMult(&dst, (*[32]byte)(k), (*[32]byte)(u))
				if dst != [32]byte{} {
					t.Errorf("ScalarMult on low-order point %s = %x, want zero", h, dst)
				}
			}
		}
	})
}

// x25519BigP is 2^255 - 19.
var x25519BigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

func x25519LEToBig(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

// x25519BigRef is a math/big transcription of RFC 7748 §5 (decodeScalar25519,
// decodeUCoordinate and the ladder with branches): an independent reference
// written from the RFC, not from x25519.go.
func x25519BigRef(scalar, point []byte) []byte {
	p := x25519BigP
	k := append([]byte(nil), scalar...)
	k[0] &= 248
	k[31] &= 127
	k[31] |= 64
	kk := x25519LEToBig(k)
	uu := append([]byte(nil), point...)
	uu[31] &= 127
	x1 := new(big.Int).Mod(x25519LEToBig(uu), p)
	x2, z2 := big.NewInt(1), big.NewInt(0)
	x3, z3 := new(big.Int).Set(x1), big.NewInt(1)
	mod := func(v *big.Int) *big.Int { return v.Mod(v, p) }
	mul := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }
	for t := 254; t >= 0; t-- {
		if kk.Bit(t) == 1 {
			x2, x3 = x3, x2
			z2, z3 = z3, z2
		}
		A := mod(new(big.Int).Add(x2, z2))
		B := mod(new(big.Int).Sub(x2, z2))
		AA, BB := mul(A, A), mul(B, B)
		E := mod(new(big.Int).Sub(AA, BB))
		C := mod(new(big.Int).Add(x3, z3))
		D := mod(new(big.Int).Sub(x3, z3))
		DA, CB := mul(D, A), mul(C, B)
		s := mod(new(big.Int).Add(DA, CB))
		d := mod(new(big.Int).Sub(DA, CB))
		x3 = mul(s, s)
		z3 = mul(x1, mul(d, d))
		x2 = mul(AA, BB)
		z2 = mul(E, mod(new(big.Int).Add(AA, mul(big.NewInt(121665), E))))
		if kk.Bit(t) == 1 {
			x2, x3 = x3, x2
			z2, z3 = z3, z2
		}
	}
	inv := new(big.Int).Exp(z2, new(big.Int).Sub(p, big.NewInt(2)), p)
	be := mul(x2, inv).FillBytes(make([]byte, 32))
	out := make([]byte, 32)
	for i := range be {
		out[i] = be[31-i]
	}
	return out
}

// x25519EdgeInputs returns scalars and points at the edges of the encodings:
// all-zero and all-one bytes, top bits set, and non-canonical u ≥ p.
func x25519EdgeInputs(t testing.TB) (scalars, points [][]byte) {
	ff := bytes.Repeat([]byte{0xff}, 32)
	zero := make([]byte, 32)
	one := append([]byte{1}, make([]byte, 31)...)
	top := append(make([]byte, 31), 0x80)
	scalars = [][]byte{zero, ff, one, top, xdhtest.Hex(t, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f")}
	points = [][]byte{
		ff, // 2^256 - 1: bit 255 ignored, then 2^255 - 1 = p + 18
		xdhtest.Hex(t, "efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"), // p + 2
		xdhtest.Hex(t, "0200000000000000000000000000000000000000000000000000000000000000"), // u = 2
		xdhtest.Hex(t, "0200000000000000000000000000000000000000000000000000000000000080"), // u = 2, bit 255
		xdhtest.Hex(t, "ebffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"), // p - 2
		append([]byte{9}, make([]byte, 31)...),
		append([]byte{9}, append(make([]byte, 30), 0x80)...), // u = 9 with bit 255: the ladder path
	}
	return scalars, points
}

func TestX25519MathBig(t *testing.T) {
	// math/big is slow (seconds on 386): the edge grid plus a few random pairs.
	scalars, points := x25519EdgeInputs(t)
	type pair struct{ k, u []byte }
	var cases []pair
	for _, k := range scalars {
		for _, u := range points {
			cases = append(cases, pair{k, u})
		}
	}
	for i := 0; i < 8; i++ {
		cases = append(cases, pair{xdhtest.Random(t, 32), xdhtest.Random(t, 32)})
	}
	for _, c := range cases {
		want := x25519BigRef(c.k, c.u)
		var got [32]byte
		ScalarMult(&got, (*[32]byte)(c.k), (*[32]byte)(c.u))
		if !bytes.Equal(got[:], want) {
			t.Errorf("X25519(%x, %x) = %x, math/big says %x", c.k, c.u, got, want)
		}
		if ladder64On() { // the field25519 ladder too
			scalarMultLadderWith(false, &got, c.k, c.u)
			if !bytes.Equal(got[:], want) {
				t.Errorf("field25519 ladder(%x, %x) = %x, math/big says %x", c.k, c.u, got, want)
			}
		}
	}
}

// x25519Oracles returns X25519(k, u) from crypto/ecdh (all-zero where it
// reports the all-zero output as an error); the interop module's copy adds
// circl and voi.
func x25519Oracles(t testing.TB, k, u []byte) map[string][]byte {
	t.Helper()
	res := map[string][]byte{}
	priv, err := ecdh.X25519().NewPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ecdh.X25519().NewPublicKey(u)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := priv.ECDH(pub); err == nil {
		res["crypto/ecdh"] = s
	} else {
		res["crypto/ecdh"] = make([]byte, 32)
	}
	return res
}

func TestX25519Differential(t *testing.T) {
	forEachX25519(t, func(t *testing.T, x25519 x25519Func) {
		n := 100
		if testing.Short() {
			n = 20
		}
		scalars, points := x25519EdgeInputs(t)
		type pair struct{ k, u []byte }
		var cases []pair
		for _, k := range scalars {
			for _, u := range points {
				cases = append(cases, pair{k, u})
			}
		}
		for i := 0; i < n; i++ {
			cases = append(cases, pair{xdhtest.Random(t, 32), xdhtest.Random(t, 32)})
		}
		for _, c := range cases {
			got, err := x25519(c.k, c.u)
			if err != nil {
				got = make([]byte, 32)
			}
			for name, want := range x25519Oracles(t, c.k, c.u) {
				if !bytes.Equal(got, want) {
					t.Errorf("X25519(%x, %x) = %x, %s says %x", c.k, c.u, got, name, want)
				}
			}
		}
	})
}

// TestX25519FixedBase checks that the fixed-base path agrees with the ladder
// and with crypto/ecdh's public key computation (the interop module compares
// it with voi's Edwards table and circl's key-generation ladder too).
func TestX25519FixedBase(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 20
	}
	scalars, _ := x25519EdgeInputs(t)
	for i := 0; i < n; i++ {
		scalars = append(scalars, xdhtest.Random(t, 32))
	}
	var nine [32]byte
	nine[0] = 9
	for _, k := range scalars {
		var fixed, ladder [32]byte
		scalarBaseMult(&fixed, k)
		scalarMultLadder(&ladder, k, nine[:])
		if fixed != ladder {
			t.Errorf("scalar %x: fixed base %x, ladder %x", k, fixed, ladder)
		}
		got, err := X25519(k, Basepoint)
		if err != nil || !bytes.Equal(got, ladder[:]) {
			t.Errorf("X25519(%x, Basepoint) = %x, %v; ladder %x", k, got, err, ladder)
		}
		var dep [32]byte
		ScalarBaseMult(&dep, (*[32]byte)(k))
		if dep != ladder {
			t.Errorf("ScalarBaseMult(%x) = %x, ladder %x", k, dep, ladder)
		}
		priv, err := ecdh.X25519().NewPrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		if std := priv.PublicKey().Bytes(); !bytes.Equal(std, fixed[:]) {
			t.Errorf("scalar %x: fixed base %x, crypto/ecdh %x", k, fixed, std)
		}
	}
}

// TestX25519DiffieHellman checks agreement on random key pairs.
func TestX25519DiffieHellman(t *testing.T) {
	for i := 0; i < 20; i++ {
		a, b := xdhtest.Random(t, 32), xdhtest.Random(t, 32)
		A, err := X25519(a, Basepoint)
		if err != nil {
			t.Fatal(err)
		}
		B, err := X25519(b, Basepoint)
		if err != nil {
			t.Fatal(err)
		}
		s1, err1 := X25519(a, B)
		s2, err2 := X25519(b, A)
		if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
			t.Fatalf("shared secrets differ: %x, %x (%v, %v)", s1, s2, err1, err2)
		}
	}
}

// TestX25519InputsUnchanged checks that X25519 neither modifies its inputs
// (clamping works on a copy) nor returns a slice aliasing them.
func TestX25519InputsUnchanged(t *testing.T) {
	k := bytes.Repeat([]byte{0xff}, 32)
	u := xdhtest.Random(t, 32)
	k0, u0 := append([]byte(nil), k...), append([]byte(nil), u...)
	out, err := X25519(k, u)
	if err != nil {
		t.Fatal(err)
	}
	out2, _ := X25519(k, Basepoint)
	if !bytes.Equal(k, k0) || !bytes.Equal(u, u0) {
		t.Fatal("X25519 modified its inputs")
	}
	out[0] ^= 1
	out2[0] ^= 1
	if !bytes.Equal(k, k0) || !bytes.Equal(u, u0) || Basepoint[0] != 9 {
		t.Fatal("X25519 output aliases an input")
	}
}
