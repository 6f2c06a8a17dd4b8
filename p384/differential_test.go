package p384

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha512"
	"math/big"
	"testing"
)

// testScalars are random scalars and the exceptional ones: 1, 2, n − 1,
// n − 2 and (n − 1)/2.
func testScalars(t *testing.T, random int) [][]byte {
	n := new(big.Int).SetBytes(orderBytes[:])
	var out [][]byte
	for _, v := range []*big.Int{big.NewInt(1), big.NewInt(2), new(big.Int).Sub(n, big.NewInt(1)),
		new(big.Int).Sub(n, big.NewInt(2)), new(big.Int).Rsh(n, 1)} {
		out = append(out, v.FillBytes(make([]byte, 48)))
	}
	for range random {
		k, err := GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, k.Bytes())
	}
	return out
}

// TestECDHDifferential compares keys and shared secrets with crypto/ecdh
// on random and exceptional scalars, both ways round.
func TestECDHDifferential(t *testing.T) {
	ks := testScalars(t, 16)
	for i, a := range ks {
		b := ks[(i+3)%len(ks)]
		priv, err := NewPrivateKey(a)
		if err != nil {
			t.Fatal(err)
		}
		std, err := ecdh.P384().NewPrivateKey(a)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(priv.PublicKey().Bytes(), std.PublicKey().Bytes()) {
			t.Fatalf("d = %x: public key %x, crypto/ecdh %x", a, priv.PublicKey().Bytes(), std.PublicKey().Bytes())
		}
		peerStd, _ := ecdh.P384().NewPrivateKey(b)
		peer, err := NewPublicKey(peerStd.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		got, err := priv.ECDH(peer)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := std.ECDH(peerStd.PublicKey())
		if !bytes.Equal(got, want) {
			t.Fatalf("d = %x: shared %x, crypto/ecdh %x", a, got, want)
		}
		// The compressed encoding decodes to the same key.
		if c, err := NewPublicKey(peer.BytesCompressed()); err != nil || !c.Equal(peer) {
			t.Fatalf("compressed round trip: %v", err)
		}
	}
	for _, bad := range [][]byte{make([]byte, 48), orderBytes[:], make([]byte, 32)} {
		if _, err := NewPrivateKey(bad); err == nil {
			t.Errorf("NewPrivateKey(%x) accepted", bad)
		}
	}
}

// TestECDSADifferential signs with both implementations and verifies
// each signature with the other, and checks that the table-based and
// table-free multiplications agree.
func TestECDSADifferential(t *testing.T) {
	for i, d := range testScalars(t, 8) {
		priv, err := NewPrivateKey(d)
		if err != nil {
			t.Fatal(err)
		}
		sk, _ := priv.ToECDSA()
		digest := sha512.Sum384([]byte{byte(i)})
		sig, err := SignASN1(rand.Reader, priv, digest[:])
		if err != nil {
			t.Fatal(err)
		}
		if !ecdsa.VerifyASN1(&sk.PublicKey, digest[:], sig) {
			t.Fatalf("d = %x: crypto/ecdsa rejects our signature", d)
		}
		stdSig, _ := ecdsa.SignASN1(rand.Reader, sk, digest[:])
		if !VerifyASN1(priv.PublicKey(), digest[:], stdSig) {
			t.Fatalf("d = %x: we reject crypto/ecdsa's signature", d)
		}
		if VerifyASN1(priv.PublicKey(), digest[1:], stdSig) {
			t.Fatalf("d = %x: a wrong digest verifies", d)
		}
		p1363, err := SignP1363(rand.Reader, priv, digest[:])
		if err != nil || len(p1363) != 96 || !VerifyP1363(priv.PublicKey(), digest[:], p1363) {
			t.Fatalf("d = %x: P1363: %v", d, err)
		}
		low, err := NormalizeLowS(stdSig)
		if err != nil || !VerifyASN1LowS(priv.PublicKey(), digest[:], low) {
			t.Fatalf("d = %x: NormalizeLowS: %v", d, err)
		}
		var k [48]byte
		copy(k[:], d)
		var a, b point
		a.scalarBaseMult(&k)
		b.scalarMult(&k, &generator)
		if a.equal(&b) != 1 {
			t.Fatalf("d = %x: scalarBaseMult ≠ scalarMult(G)", d)
		}
	}
	if !BasepointTableOK() {
		t.Error("the basepoint tables failed their check")
	}
}
