package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	crand "crypto/rand"
	_ "crypto/sha1"
	_ "crypto/sha256"
	_ "crypto/sha512"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The differential tests run against crypto/ecdsa and crypto/ecdh. Both
// draw their randomness from crypto/rand whatever reader they are given
// (Go 1.26), so only deterministic outputs are compared byte for byte.

func diffRounds() int {
	if testing.Short() {
		return 20
	}
	return 200
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func randKeyPair(t *testing.T, r *rand.Rand) (*PrivateKey, *ecdsa.PrivateKey) {
	t.Helper()
	for {
		priv, err := NewPrivateKey(randBytes(r, 32))
		if err != nil {
			continue
		}
		sk, err := priv.ToECDSA()
		if err != nil {
			t.Fatal(err)
		}
		return priv, sk
	}
}

func TestDifferentialKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	for range diffRounds() {
		d := randBytes(r, 32)
		ours, err1 := NewPrivateKey(d)
		std, err2 := ecdh.P256().NewPrivateKey(d)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("NewPrivateKey(%x): %v vs ecdh %v", d, err1, err2)
		}
		if err1 != nil {
			continue
		}
		if !bytes.Equal(ours.PublicKey().Bytes(), std.PublicKey().Bytes()) {
			t.Fatalf("public key of %x differs from crypto/ecdh", d)
		}
		x, y := elliptic.UnmarshalCompressed(elliptic.P256(), ours.PublicKey().BytesCompressed())
		//lint:ignore SA1019 crypto/elliptic is the independent reference here.
		if x == nil || !bytes.Equal(elliptic.Marshal(elliptic.P256(), x, y), std.PublicKey().Bytes()) {
			t.Fatalf("compressed public key of %x differs from crypto/elliptic", d)
		}
	}
	// Out-of-range scalars, both refuse.
	for _, d := range [][]byte{make([]byte, 32), orderBytes[:], bytes.Repeat([]byte{0xff}, 32)} {
		_, err1 := NewPrivateKey(d)
		_, err2 := ecdh.P256().NewPrivateKey(d)
		if err1 == nil || err2 == nil {
			t.Errorf("NewPrivateKey(%x) accepted: %v %v", d, err1, err2)
		}
	}
}

func TestDifferentialECDH(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 13))
	for range diffRounds() {
		a, _ := randKeyPair(t, r)
		b, _ := randKeyPair(t, r)
		sa, _ := a.ToECDH()
		sb, _ := b.ToECDH()
		want, err := sa.ECDH(sb.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.ECDH(b.PublicKey())
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("ECDH = %x, %v; crypto/ecdh %x", got, err, want)
		}
		// Compressed peer key gives the same secret.
		pc, err := NewPublicKey(b.PublicKey().BytesCompressed())
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := a.ECDH(pc); !bytes.Equal(got, want) {
			t.Fatal("ECDH with the compressed key differs")
		}
	}
}

func TestDifferentialDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 15))
	for i := range diffRounds() {
		priv, sk := randKeyPair(t, r)
		msg := randBytes(r, r.IntN(100))
		h := []crypto.Hash{crypto.SHA256, crypto.SHA512, crypto.SHA384, crypto.SHA224, crypto.SHA1}[i%5]
		hh := h.New()
		hh.Write(msg)
		digest := hh.Sum(nil)
		got, err := priv.Sign(nil, digest, h)
		if err != nil {
			t.Fatal(err)
		}
		want, err := sk.Sign(nil, digest, h)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("RFC 6979 signature %x, crypto/ecdsa %x", got, want)
		}
	}
}

func mutate(r *rand.Rand, b []byte) []byte {
	m := append([]byte(nil), b...)
	switch r.IntN(6) {
	case 0: // flip one bit
		i := r.IntN(len(m))
		m[i] ^= 1 << r.IntN(8)
	case 1: // replace a byte
		m[r.IntN(len(m))] = byte(r.Uint32())
	case 2: // truncate
		m = m[:r.IntN(len(m))]
	case 3: // append
		m = append(m, byte(r.Uint32()))
	case 4: // insert a zero byte
		i := r.IntN(len(m) + 1)
		m = append(m[:i], append([]byte{0}, m[i:]...)...)
	case 5: // delete a byte
		i := r.IntN(len(m))
		m = append(m[:i], m[i+1:]...)
	}
	return m
}

func TestDifferentialSignVerify(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 17))
	for range diffRounds() {
		priv, sk := randKeyPair(t, r)
		pub, spk := priv.PublicKey(), &sk.PublicKey
		digest := randBytes(r, r.IntN(80)) // any length: truncation and padding
		ours, err := SignASN1(crand.Reader, priv, digest)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := ecdsa.SignASN1(crand.Reader, sk, digest)
		if err != nil {
			t.Fatal(err)
		}
		for _, sig := range [][]byte{ours, theirs} {
			if !VerifyASN1(pub, digest, sig) || !ecdsa.VerifyASN1(spk, digest, sig) {
				t.Fatalf("signature %x on %x does not verify on both sides", sig, digest)
			}
			for range 8 {
				m := mutate(r, sig)
				if got, want := VerifyASN1(pub, digest, m), ecdsa.VerifyASN1(spk, digest, m); got != want {
					t.Fatalf("mutated %x: VerifyASN1 %v, crypto/ecdsa %v", m, got, want)
				}
			}
			if len(digest) > 0 {
				md := mutate(r, digest)
				if got, want := VerifyASN1(pub, md, sig), ecdsa.VerifyASN1(spk, md, sig); got != want {
					t.Fatalf("mutated digest %x: VerifyASN1 %v, crypto/ecdsa %v", md, got, want)
				}
			}
			// P1363 and high S.
			rr, ss, ok := parseDER(sig)
			if !ok {
				t.Fatal("own parser rejects a valid signature")
			}
			p1363 := append(rr[:], ss[:]...)
			if !VerifyP1363(pub, digest, p1363) {
				t.Fatal("P1363 form does not verify")
			}
			var hs [32]byte
			new(big.Int).Sub(orderN, new(big.Int).SetBytes(ss[:])).FillBytes(hs[:])
			flipped := encodeDER(&rr, &hs)
			if !VerifyASN1(pub, digest, flipped) || !ecdsa.VerifyASN1(spk, digest, flipped) {
				t.Fatal("n − s rejected")
			}
			low, err := NormalizeLowS(flipped)
			if err != nil || !VerifyASN1LowS(pub, digest, low) {
				t.Fatal("normalised signature fails the low-S verify")
			}
			if isHighS(&ss) == VerifyASN1LowS(pub, digest, sig) {
				t.Fatal("VerifyASN1LowS disagrees with the S value")
			}
		}
	}
}
