package ed25519_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"math/big"
	mrand "math/rand/v2"
	"testing"

	filippo "filippo.io/edwards25519"
	"golang.org/x/crypto/curve25519"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/curvekit/curvekit/internal/ed25519test"
)

type torBlindingVector struct {
	SecretKeySeed            string `json:"secret_key_seed"`
	ExpandedSecretKey        string `json:"expanded_secret_key"`
	PublicKey                string `json:"public_key"`
	Curve25519PublicKey      string `json:"curve25519_public_key"`
	BlindingParam            string `json:"blinding_param"`
	BlindedExpandedSecretKey string `json:"blinded_expanded_secret_key"`
	BlindedPublicKey         string `json:"blinded_public_key"`
	SelfSignature            string `json:"self_signature"`
}

func TestTorEd25519Vectors(t *testing.T) {
	var file struct {
		Vectors  []torBlindingVector
		MustFail []struct {
			PublicKey     string `json:"public_key"`
			BlindingParam string `json:"blinding_param"`
			Expect        string
		} `json:"blind_public_key_must_fail"`
	}
	ed25519test.ReadJSON(t, "../../ed25519/testdata/tor/ed25519_blinding.json", &file)
	if len(file.Vectors) != 10 || len(file.MustFail) != 2 {
		t.Fatalf("got %d vectors, %d decode checks", len(file.Vectors), len(file.MustFail))
	}
	for i, v := range file.Vectors {
		seed, expanded, pub := ed25519test.MustHex(t, v.SecretKeySeed), ed25519test.MustHex(t, v.ExpandedSecretKey), ed25519test.MustHex(t, v.PublicKey)
		curvePub, param := ed25519test.MustHex(t, v.Curve25519PublicKey), ed25519test.MustHex(t, v.BlindingParam)
		blindedExp, blindedPub, selfSig := ed25519test.MustHex(t, v.BlindedExpandedSecretKey), ed25519test.MustHex(t, v.BlindedPublicKey), ed25519test.MustHex(t, v.SelfSignature)

		priv := ed25519.NewKeyFromSeed(seed)
		if !bytes.Equal(priv[32:], pub) {
			t.Errorf("%d: public key", i)
		}
		if !bytes.Equal(ed25519.Sign(priv, pub), selfSig) {
			t.Errorf("%d: self signature", i)
		}
		e, err := ed25519.ExpandPrivateKey(priv)
		if err != nil || !bytes.Equal(e.Bytes(), expanded) {
			t.Fatalf("%d: expanded key %x (%v)", i, e.Bytes(), err)
		}
		e2, err := ed25519.NewExpandedPrivateKey(expanded)
		if err != nil || !bytes.Equal(e2.PublicKey(), pub) || !e2.Equal(e) {
			t.Errorf("%d: NewExpandedPrivateKey: %v", i, err)
		}
		// The expanded key signs exactly as the seed does.
		if sig, err := e2.Sign(nil, []byte("m"), crypto.Hash(0)); err != nil || !bytes.Equal(sig, ed25519.Sign(priv, []byte("m"))) {
			t.Errorf("%d: expanded signature differs", i)
		}

		// X25519 conversions.
		x, _ := ed25519.SeedToX25519(seed)
		if !bytes.Equal(x, expanded[:32]) {
			t.Errorf("%d: SeedToX25519", i)
		}
		if u, err := ed25519.PublicKeyToX25519(pub); err != nil || !bytes.Equal(u, curvePub) {
			t.Errorf("%d: PublicKeyToX25519 %x (%v)", i, u, err)
		}
		if u, _ := curve25519.X25519(x, curve25519.Basepoint); !bytes.Equal(u, curvePub) {
			t.Errorf("%d: x/crypto disagrees on the X25519 key", i)
		}
		if back, err := ed25519.PublicKeyFromX25519(curvePub, int(pub[31]>>7)); err != nil || !bytes.Equal(back, pub) {
			t.Errorf("%d: PublicKeyFromX25519 %x (%v)", i, back, err)
		}

		// Blinding.
		bp, err := ed25519.BlindPublicKey(pub, param)
		if err != nil || !bytes.Equal(bp, blindedPub) {
			t.Errorf("%d: BlindPublicKey %x (%v)", i, bp, err)
		}
		be, err := e.Blind(param)
		if err != nil || !bytes.Equal(be.Bytes(), blindedExp) || !bytes.Equal(be.PublicKey(), blindedPub) {
			t.Errorf("%d: Blind %x (%v)", i, be.Bytes(), err)
		}
		be2, _ := ed25519.NewExpandedPrivateKey(blindedExp)
		if !bytes.Equal(be2.PublicKey(), blindedPub) {
			t.Errorf("%d: blinded expanded key does not give the blinded public key", i)
		}
		// Signing with the blinded key: an ordinary signature under A'.
		for _, opts := range []crypto.SignerOpts{crypto.Hash(0), &ed25519.Options{Context: "tor"}} {
			msg := []byte("descriptor signing key certificate")
			sig, err := be.Sign(nil, msg, opts)
			if err != nil {
				t.Fatal(err)
			}
			o := &stded25519.Options{}
			if op, ok := opts.(*ed25519.Options); ok {
				o.Context = op.Context
			}
			if !stdVerify(blindedPub, msg, sig, o) {
				t.Errorf("%d: crypto/ed25519 rejects a blinded signature", i)
			}
			for _, p := range []ed25519.Policy{ed25519.PolicyDefault, ed25519.PolicyZIP215, ed25519.PolicyStrict} {
				if err := ed25519.VerifyWithOptions(blindedPub, msg, sig, &ed25519.Options{Context: o.Context, Policy: p}); err != nil {
					t.Errorf("%d: %v rejects a blinded signature", i, p)
				}
			}
		}
	}
	if _, err := ed25519.BlindPublicKey(ed25519test.MustHex(t, file.MustFail[0].PublicKey), ed25519test.MustHex(t, file.MustFail[0].BlindingParam)); err == nil {
		t.Error("blinding a non-point succeeded")
	}
	if _, err := ed25519.BlindPublicKey(ed25519test.MustHex(t, file.MustFail[1].PublicKey), ed25519test.MustHex(t, file.MustFail[1].BlindingParam)); err != nil {
		t.Errorf("blinding a valid point failed: %v", err)
	}
}

// TestBlindTorsion checks that A' = (clamp(h) mod ℓ)·A, as ed25519-donna
// (C tor's default backend) and arti compute it, for keys A = P + k·T with
// every torsion component k·T: the answer is compared with the reduction done
// with math/big and the multiplication with filippo.io/edwards25519. It also
// checks that the answer differs from the unreduced clamp(h)·A (a plain
// double-and-add over clamp(h)'s bits) exactly when A's torsion survives, and
// that the blinded private key signs for the blinded public key.
func TestBlindTorsion(t *testing.T) {
	T, _ := new(filippo.Point).SetBytes(ed25519test.Order8)
	rng := mrand.NewChaCha8([32]byte{'b', 'l', 'i', 'n', 'd'})
	survived := 0
	for i := 0; i < 64; i++ {
		seed := make([]byte, 32)
		rng.Read(seed)
		param := make([]byte, 32)
		rng.Read(param)
		priv := ed25519.NewKeyFromSeed(seed)
		P, _ := new(filippo.Point).SetBytes(priv[32:])
		A := new(filippo.Point).Set(P)
		for j := 0; j < i%8; j++ {
			A.Add(A, T) // every torsion component, the identity included
		}
		hb := bytes.Clone(param)
		hb[0] &= 248
		hb[31] &= 63
		hb[31] |= 64
		h := bigle.Int(hb)
		hl := new(big.Int).Mod(h, ed25519test.L)
		s, err := filippo.NewScalar().SetCanonicalBytes(ed25519test.LE32(hl))
		if err != nil {
			t.Fatal(err)
		}
		want := new(filippo.Point).ScalarMult(s, A)
		got, err := ed25519.BlindPublicKey(A.Bytes(), param)
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("i=%d: BlindPublicKey = %x, want (clamp(h) mod ℓ)·A = %x (%v)", i, got, want.Bytes(), err)
		}
		unreduced := filippo.NewIdentityPoint()
		for b := h.BitLen() - 1; b >= 0; b-- {
			unreduced.Add(unreduced, unreduced)
			if h.Bit(b) == 1 {
				unreduced.Add(unreduced, A)
			}
		}
		// A's torsion part is (i mod 8)·T; (h mod ℓ) keeps it unless
		// 8 | (h mod ℓ)·(i mod 8). The unreduced h, a multiple of 8, never does.
		survives := new(big.Int).Mod(new(big.Int).Mul(hl, big.NewInt(int64(i%8))), big.NewInt(8)).Sign() != 0
		if survives {
			survived++
		}
		if survives == bytes.Equal(got, unreduced.Bytes()) {
			t.Errorf("i=%d: A' equal to clamp(h)·A unreduced: %v, want %v", i, !survives, !survives)
		}

		// The private side: a blinded key signs for BlindPublicKey of its
		// (torsion-free) public key.
		e, err := ed25519.ExpandPrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		be, err := e.Blind(param)
		if err != nil {
			t.Fatal(err)
		}
		bp, err := ed25519.BlindPublicKey(priv.Public().(ed25519.PublicKey), param)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(be.PublicKey(), bp) {
			t.Fatalf("i=%d: blinded private key's public %x, BlindPublicKey %x", i, be.PublicKey(), bp)
		}
		msg := []byte("blinded descriptor")
		sig, err := be.Sign(nil, msg, crypto.Hash(0))
		if err != nil || !ed25519.Verify(bp, msg, sig) || !stded25519.Verify(stded25519.PublicKey(bp), msg, sig) {
			t.Fatalf("i=%d: blinded signature does not verify under the blinded key (%v)", i, err)
		}
	}
	if survived == 0 {
		t.Error("no case kept a torsion component")
	}
	if _, err := ed25519.BlindPublicKey(make([]byte, 32), make([]byte, 31)); err == nil {
		t.Error("short factor accepted")
	}
	if _, err := ed25519.BlindPublicKey(make([]byte, 31), make([]byte, 32)); err == nil {
		t.Error("short key accepted")
	}
	e, _ := ed25519.NewExpandedPrivateKey(make([]byte, 64))
	if e != nil {
		t.Error("zero scalar accepted")
	}
	e, _ = ed25519.ExpandPrivateKey(ed25519.NewKeyFromSeed(make([]byte, 32)))
	if _, err := e.Blind(make([]byte, 31)); err == nil {
		t.Error("short factor accepted by Blind")
	}
}
