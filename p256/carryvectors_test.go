package p256

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
)

// Peer keys chosen to reach rare carries of the point assembly
// (zz_generated_jacobian_amd64.s) from the public API. Found by the
// mutation tester (scripts/asmmutate), whose surviving mutants they kill.

// halvingTopKeys are curve points (x, y) whose doubling halves a value
// 16·y⁴ whose Montgomery limbs L = 16·y⁴·2^256 mod p are odd and below
// 2^256 − p: the halving adds p without a carry out of the top limb, so the
// top shift takes a zero in, a case that random points reach with
// probability 2^-33. Built, not searched: a random odd L < 2^224, w =
// L/(16·2^256) mod p, y a square root of the square root of w that is a
// square (p ≡ 3 mod 4), and x a root of x³ − 3x + b − y² found by
// Cantor–Zassenhaus (the cubic has one for about two thirds of L); each
// point is checked here against crypto/ecdh and the value of L against
// math/big.
var halvingTopKeys = []struct{ x, y string }{
	{"6028a491f7c3547aea485437ef8acc63dd03adb7220552af6724a4df15ceb2ca", "2d17a87cc33f0e5f5ab1d5a4edc446df9d970adef039a141ca595989031793bc"},
	{"470c556fd98c9f84d6ee418ef13dfa3f82e198c73775b33d4f0a50cb1a618678", "7a5f6b096fcd0061ec41db3307b6e5ddc4952cb04464b2769eb8d8a6e5d4332b"},
	{"cd4f2f1dafa36fa7d325306a7700e394d52e5ea8afaffa55bf1409ace4f7f2b9", "487d25e4852f82ceca23f5c49a8265bbf66b3ab393700da8cf7b8e2a00b6af07"},
}

func halvingTopPoints(t *testing.T) [][]byte {
	t.Helper()
	R := new(big.Int).Lsh(big.NewInt(1), 256)
	bound := new(big.Int).Sub(R, fieldP)
	var out [][]byte
	for _, k := range halvingTopKeys {
		x, _ := new(big.Int).SetString(k.x, 16)
		y, _ := new(big.Int).SetString(k.y, 16)
		for _, yy := range []*big.Int{y, new(big.Int).Sub(fieldP, y)} {
			L := new(big.Int).Exp(yy, big.NewInt(4), fieldP)
			L.Mul(L, big.NewInt(16)).Mul(L, R).Mod(L, fieldP)
			if L.Bit(0) != 1 || L.Cmp(bound) >= 0 {
				t.Fatalf("(%x, %x): 16·y⁴·R mod p = %x is not odd and below 2^256 − p", x, yy, L)
			}
			sec1 := make([]byte, 65)
			sec1[0] = 4
			x.FillBytes(sec1[1:33])
			yy.FillBytes(sec1[33:])
			if _, err := ecdh.P256().NewPublicKey(sec1); err != nil {
				t.Fatalf("(%x, %x) is not a P-256 point: %v", x, yy, err)
			}
			out = append(out, sec1)
		}
	}
	return out
}

// TestHalvingTopJacobian doubles each point (Z = 1) with the assembly and
// the Go code.
func TestHalvingTopJacobian(t *testing.T) {
	for _, sec1 := range halvingTopPoints(t) {
		var a, b jacobianPoint
		a.x = jacElement(t, new(big.Int).SetBytes(sec1[1:33]))
		a.y = jacElement(t, new(big.Int).SetBytes(sec1[33:]))
		a.z.One()
		b = a
		jacCheck(t, a, b)
	}
}

// TestHalvingTopECDH runs ECDH with each point as the peer against
// crypto/ecdh.
func TestHalvingTopECDH(t *testing.T) {
	for i, sec1 := range halvingTopPoints(t) {
		checkPeerECDH(t, sec1, byte(i))
	}
}

// checkPeerECDH runs ECDH with the uncompressed point sec1 as the peer,
// under a few private keys (their first byte xored with tweak), against
// crypto/ecdh.
func checkPeerECDH(t *testing.T, sec1 []byte, tweak byte) {
	t.Helper()
	pub, err := NewPublicKey(sec1)
	if err != nil {
		t.Fatalf("NewPublicKey(%x): %v", sec1, err)
	}
	spub, _ := ecdh.P256().NewPublicKey(sec1)
	for _, dh := range []string{"01", "02", "03", "c0ffee", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
		"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550"} {
		d, _ := hex.DecodeString(dh)
		d = append(make([]byte, 32-len(d)), d...)
		d[0] ^= tweak
		priv, err := NewPrivateKey(d)
		if err != nil {
			t.Fatal(err)
		}
		spriv, err := ecdh.P256().NewPrivateKey(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := priv.ECDH(pub)
		want, serr := spriv.ECDH(spub)
		if err != nil || serr != nil || !bytes.Equal(got, want) {
			t.Fatalf("ECDH(%x, %x) = %x, %v; crypto/ecdh %x, %v", d, sec1, got, err, want, serr)
		}
	}
}

// TestHalvingTopECDSA verifies signatures under each point as the public
// key against crypto/ecdsa. Nobody knows the private keys; the signatures
// are made for chosen digests (r = (u1·G + u2·Q).x, s = r/u2, e = u1·s),
// which verify under Q.
func TestHalvingTopECDSA(t *testing.T) {
	c := elliptic.P256()
	n := c.Params().N
	for i, sec1 := range halvingTopPoints(t) {
		pub, err := NewPublicKey(sec1)
		if err != nil {
			t.Fatal(err)
		}
		epub, err := pub.ToECDSA()
		if err != nil {
			t.Fatal(err)
		}
		qx, qy := new(big.Int).SetBytes(sec1[1:33]), new(big.Int).SetBytes(sec1[33:])
		for j := range 3 {
			u1 := big.NewInt(int64(1000*i + 7*j + 3))
			u2 := new(big.Int).Sub(n, big.NewInt(int64(5+j)))
			//lint:ignore SA1019 crypto/elliptic builds the ECDSA signature independently of the code under test.
			x1, y1 := c.ScalarBaseMult(u1.FillBytes(make([]byte, 32)))
			//lint:ignore SA1019 crypto/elliptic builds the ECDSA signature independently of the code under test.
			x2, y2 := c.ScalarMult(qx, qy, u2.FillBytes(make([]byte, 32)))
			//lint:ignore SA1019 crypto/elliptic builds the ECDSA signature independently of the code under test.
			rx, _ := c.Add(x1, y1, x2, y2)
			r := new(big.Int).Mod(rx, n)
			s := new(big.Int).ModInverse(u2, n)
			s.Mul(s, r).Mod(s, n)
			e := new(big.Int).Mul(u1, s)
			e.Mod(e, n)
			digest := e.FillBytes(make([]byte, 32))
			sig := make([]byte, 64)
			r.FillBytes(sig[:32])
			s.FillBytes(sig[32:])
			if !ecdsa.Verify(epub, digest, r, s) {
				t.Fatalf("the constructed signature does not verify under crypto/ecdsa")
			}
			if !VerifyP1363(pub, digest, sig) {
				t.Fatalf("VerifyP1363 under %x rejects a signature crypto/ecdsa accepts (digest %x, sig %x)", sec1, digest, sig)
			}
			sig[63] ^= 1
			if VerifyP1363(pub, digest, sig) {
				t.Fatalf("VerifyP1363 under %x accepts a tampered signature", sec1)
			}
		}
	}
}

// jacGrid returns field elements whose Montgomery limbs are each taken
// from limbs (those below p), and p − 1 − v for each of them: the words
// of all ones and zeros on which the rare carries of the point assembly
// fire.
func jacGrid(t testing.TB, limbs []uint64) []fieldp256.Element {
	Ri := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 256), fieldP)
	n := len(limbs)
	var out []fieldp256.Element
	for i := 0; i < n*n*n*n; i++ {
		v := new(big.Int)
		for k := 3; k >= 0; k-- {
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(limbs[i/[]int{1, n, n * n, n * n * n}[k]%n]))
		}
		if v.Cmp(fieldP) >= 0 {
			continue
		}
		w := new(big.Int).Sub(new(big.Int).Sub(fieldP, big.NewInt(1)), v)
		out = append(out, jacElement(t, v.Mul(v, Ri)), jacElement(t, w.Mul(w, Ri)))
	}
	return out
}

// TestJacobianAsmGrid runs every point routine (jacCheck) on coordinates
// from the limb grid of 0, 1, 2^63 and 2^64 − 1: each grid value in each
// coordinate of a and of b, the others walking the grid at other strides.
func TestJacobianAsmGrid(t *testing.T) {
	g := jacGrid(t, []uint64{0, 1, 1 << 63, 1<<64 - 1})
	n := len(g)
	for i := range n {
		a := jacobianPoint{g[i], g[(7*i+1)%n], g[(13*i+2)%n]}
		b := jacobianPoint{g[(5*i+3)%n], g[i], g[(11*i+4)%n]}
		jacCheck(t, a, b)
		a = jacobianPoint{g[(3*i+5)%n], g[(17*i+6)%n], g[i]}
		jacCheck(t, a, b)
	}
}
