package ed25519

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/sha3"
	"crypto/sha512"
	"math/big"
	mrand "math/rand/v2"
	"testing"
	"time"

	filippo "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/internal/bigle"
	"golang.org/x/crypto/curve25519"
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
	readJSON(t, "testdata/tor/ed25519_blinding.json", &file)
	if len(file.Vectors) != 10 || len(file.MustFail) != 2 {
		t.Fatalf("got %d vectors, %d decode checks", len(file.Vectors), len(file.MustFail))
	}
	for i, v := range file.Vectors {
		seed, expanded, pub := mustHex(t, v.SecretKeySeed), mustHex(t, v.ExpandedSecretKey), mustHex(t, v.PublicKey)
		curvePub, param := mustHex(t, v.Curve25519PublicKey), mustHex(t, v.BlindingParam)
		blindedExp, blindedPub, selfSig := mustHex(t, v.BlindedExpandedSecretKey), mustHex(t, v.BlindedPublicKey), mustHex(t, v.SelfSignature)

		priv := NewKeyFromSeed(seed)
		if !bytes.Equal(priv[32:], pub) {
			t.Errorf("%d: public key", i)
		}
		if !bytes.Equal(Sign(priv, pub), selfSig) {
			t.Errorf("%d: self signature", i)
		}
		e, err := ExpandPrivateKey(priv)
		if err != nil || !bytes.Equal(e.Bytes(), expanded) {
			t.Fatalf("%d: expanded key %x (%v)", i, e.Bytes(), err)
		}
		e2, err := NewExpandedPrivateKey(expanded)
		if err != nil || !bytes.Equal(e2.PublicKey(), pub) || !e2.Equal(e) {
			t.Errorf("%d: NewExpandedPrivateKey: %v", i, err)
		}
		// The expanded key signs exactly as the seed does.
		if sig, err := e2.Sign(nil, []byte("m"), crypto.Hash(0)); err != nil || !bytes.Equal(sig, Sign(priv, []byte("m"))) {
			t.Errorf("%d: expanded signature differs", i)
		}

		// X25519 conversions.
		x, _ := SeedToX25519(seed)
		if !bytes.Equal(x, expanded[:32]) {
			t.Errorf("%d: SeedToX25519", i)
		}
		if u, err := PublicKeyToX25519(pub); err != nil || !bytes.Equal(u, curvePub) {
			t.Errorf("%d: PublicKeyToX25519 %x (%v)", i, u, err)
		}
		if u, _ := curve25519.X25519(x, curve25519.Basepoint); !bytes.Equal(u, curvePub) {
			t.Errorf("%d: x/crypto disagrees on the X25519 key", i)
		}
		if back, err := PublicKeyFromX25519(curvePub, int(pub[31]>>7)); err != nil || !bytes.Equal(back, pub) {
			t.Errorf("%d: PublicKeyFromX25519 %x (%v)", i, back, err)
		}

		// Blinding.
		bp, err := BlindPublicKey(pub, param)
		if err != nil || !bytes.Equal(bp, blindedPub) {
			t.Errorf("%d: BlindPublicKey %x (%v)", i, bp, err)
		}
		be, err := e.Blind(param)
		if err != nil || !bytes.Equal(be.Bytes(), blindedExp) || !bytes.Equal(be.PublicKey(), blindedPub) {
			t.Errorf("%d: Blind %x (%v)", i, be.Bytes(), err)
		}
		be2, _ := NewExpandedPrivateKey(blindedExp)
		if !bytes.Equal(be2.PublicKey(), blindedPub) {
			t.Errorf("%d: blinded expanded key does not give the blinded public key", i)
		}
		// Signing with the blinded key: an ordinary signature under A'.
		for _, opts := range []crypto.SignerOpts{crypto.Hash(0), &Options{Context: "tor"}} {
			msg := []byte("descriptor signing key certificate")
			sig, err := be.Sign(nil, msg, opts)
			if err != nil {
				t.Fatal(err)
			}
			o := &stded25519.Options{}
			if op, ok := opts.(*Options); ok {
				o.Context = op.Context
			}
			if !stdVerify(blindedPub, msg, sig, o) {
				t.Errorf("%d: crypto/ed25519 rejects a blinded signature", i)
			}
			for _, p := range []Policy{PolicyDefault, PolicyZIP215, PolicyStrict} {
				if err := VerifyWithOptions(blindedPub, msg, sig, &Options{Context: o.Context, Policy: p}); err != nil {
					t.Errorf("%d: %v rejects a blinded signature", i, p)
				}
			}
		}
	}
	if _, err := BlindPublicKey(mustHex(t, file.MustFail[0].PublicKey), mustHex(t, file.MustFail[0].BlindingParam)); err == nil {
		t.Error("blinding a non-point succeeded")
	}
	if _, err := BlindPublicKey(mustHex(t, file.MustFail[1].PublicKey), mustHex(t, file.MustFail[1].BlindingParam)); err != nil {
		t.Errorf("blinding a valid point failed: %v", err)
	}
}

func TestTorHSBlinding(t *testing.T) {
	var file struct {
		Vectors []struct {
			IdentityPublicKey         string `json:"identity_public_key"`
			IdentityExpandedSecretKey string `json:"identity_expanded_secret_key"`
			TimeUTC                   string `json:"time_utc"`
			PeriodLength              uint64 `json:"time_period_length_minutes"`
			PeriodNum                 uint64 `json:"time_period_num"`
			OptionalSecret            string `json:"optional_secret"`
			H                         string `json:"blinding_param_h"`
			BlindedPublicKey          string `json:"blinded_public_key"`
			BlindedExpandedSecretKey  string `json:"blinded_expanded_secret_key"`
			Subcredential             string
		}
	}
	readJSON(t, "testdata/tor/hs_blinding.json", &file)
	if len(file.Vectors) != 1 {
		t.Fatal("want one vector")
	}
	v := file.Vectors[0]
	when, err := time.Parse(time.RFC3339, v.TimeUTC)
	if err != nil {
		t.Fatal(err)
	}
	n, err := TorTimePeriod(when, v.PeriodLength)
	if err != nil || n != v.PeriodNum {
		t.Fatalf("TorTimePeriod = %d (%v), want %d", n, err, v.PeriodNum)
	}
	pub := mustHex(t, v.IdentityPublicKey)
	h := TorBlindingFactor(pub, mustHex(t, v.OptionalSecret), n, v.PeriodLength)
	if !bytes.Equal(h, mustHex(t, v.H)) {
		t.Fatalf("h = %x", h)
	}
	bp, err := BlindPublicKey(pub, h)
	if err != nil || !bytes.Equal(bp, mustHex(t, v.BlindedPublicKey)) {
		t.Errorf("BlindPublicKey = %x (%v)", bp, err)
	}
	e, err := NewExpandedPrivateKey(mustHex(t, v.IdentityExpandedSecretKey))
	if err != nil || !bytes.Equal(e.PublicKey(), pub) {
		t.Fatalf("identity key: %v", err)
	}
	be, _ := e.Blind(h)
	if !bytes.Equal(be.Bytes(), mustHex(t, v.BlindedExpandedSecretKey)) {
		t.Errorf("Blind = %x", be.Bytes())
	}
	cred := sha3.Sum256(append([]byte("credential"), pub...))
	sub := sha3.Sum256(append(append([]byte("subcredential"), cred[:]...), bp...))
	if !bytes.Equal(sub[:], mustHex(t, v.Subcredential)) {
		t.Errorf("subcredential = %x", sub)
	}

	for _, bad := range []struct {
		t time.Time
		n uint64
	}{{time.Unix(0, 0), 1440}, {time.Unix(11*3600, 0), 1440}, {when, 0}, {time.Unix(-100000, 0), 1440}} {
		if _, err := TorTimePeriod(bad.t, bad.n); err == nil {
			t.Errorf("TorTimePeriod(%v, %d) succeeded", bad.t, bad.n)
		}
	}
	if n, err := TorTimePeriod(time.Unix(12*3600, 0), 1440); err != nil || n != 0 {
		t.Errorf("first period: %d %v", n, err)
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
	T, _ := new(filippo.Point).SetBytes(encOrder8)
	rng := mrand.NewChaCha8([32]byte{'b', 'l', 'i', 'n', 'd'})
	survived := 0
	for i := 0; i < 64; i++ {
		seed := make([]byte, 32)
		rng.Read(seed)
		param := make([]byte, 32)
		rng.Read(param)
		priv := NewKeyFromSeed(seed)
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
		hl := new(big.Int).Mod(h, bigL)
		s, err := filippo.NewScalar().SetCanonicalBytes(bigToLE32(hl))
		if err != nil {
			t.Fatal(err)
		}
		want := new(filippo.Point).ScalarMult(s, A)
		got, err := BlindPublicKey(A.Bytes(), param)
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
		e, err := ExpandPrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		be, err := e.Blind(param)
		if err != nil {
			t.Fatal(err)
		}
		bp, err := BlindPublicKey(priv.Public().(PublicKey), param)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(be.PublicKey(), bp) {
			t.Fatalf("i=%d: blinded private key's public %x, BlindPublicKey %x", i, be.PublicKey(), bp)
		}
		msg := []byte("blinded descriptor")
		sig, err := be.Sign(nil, msg, crypto.Hash(0))
		if err != nil || !Verify(bp, msg, sig) || !stded25519.Verify(stded25519.PublicKey(bp), msg, sig) {
			t.Fatalf("i=%d: blinded signature does not verify under the blinded key (%v)", i, err)
		}
	}
	if survived == 0 {
		t.Error("no case kept a torsion component")
	}
	if _, err := BlindPublicKey(make([]byte, 32), make([]byte, 31)); err == nil {
		t.Error("short factor accepted")
	}
	if _, err := BlindPublicKey(make([]byte, 31), make([]byte, 32)); err == nil {
		t.Error("short key accepted")
	}
	e, _ := NewExpandedPrivateKey(make([]byte, 64))
	if e != nil {
		t.Error("zero scalar accepted")
	}
	e, _ = ExpandPrivateKey(NewKeyFromSeed(make([]byte, 32)))
	if _, err := e.Blind(make([]byte, 31)); err == nil {
		t.Error("short factor accepted by Blind")
	}
}

func TestX25519Conversions(t *testing.T) {
	for i := 0; i < 32; i++ {
		pub, priv, _ := GenerateKey(nil)
		x, err := PrivateKeyToX25519(priv)
		if err != nil {
			t.Fatal(err)
		}
		u, err := PublicKeyToX25519(pub)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := curve25519.X25519(x, curve25519.Basepoint); !bytes.Equal(u, want) {
			t.Fatalf("u(A) = %x, X25519(x, 9) = %x", u, want)
		}
		back, err := PublicKeyFromX25519(u, int(pub[31]>>7))
		if err != nil || !bytes.Equal(back, pub) {
			t.Fatalf("round trip: %x (%v)", back, err)
		}
		// The other sign gives −A.
		neg, err := PublicKeyFromX25519(u, int(pub[31]>>7)^1)
		if err != nil || bytes.Equal(neg, pub) || !bytes.Equal(neg[:31], pub[:31]) {
			t.Fatalf("other sign: %x (%v)", neg, err)
		}

		// The issuing side: curve25519 secret → Ed25519 expanded key + sign.
		secret := make([]byte, 32)
		rand.Read(secret)
		e, sign, err := NewExpandedPrivateKeyFromX25519(secret)
		if err != nil {
			t.Fatal(err)
		}
		cu, _ := curve25519.X25519(secret, curve25519.Basepoint)
		if edPub, err := PublicKeyFromX25519(cu, sign); err != nil || !bytes.Equal(edPub, e.PublicKey()) {
			t.Fatalf("cross-certificate key does not round trip: %v", err)
		}
		clamped := bytes.Clone(secret)
		clamped[0] &= 248
		clamped[31] &= 63
		clamped[31] |= 64
		hi := sha512.Sum512(append(bytes.Clone(clamped), "Derive high part of ed25519 key from curve25519 key\x00"...))
		if !bytes.Equal(e.Bytes(), append(clamped, hi[:32]...)) {
			t.Fatal("expanded key bytes")
		}
		msg := []byte("ntor-onion-key-crosscert")
		sig, _ := e.Sign(nil, msg, crypto.Hash(0))
		if !stdVerify(e.PublicKey(), msg, sig, &stded25519.Options{}) {
			t.Fatal("cross-certificate signature rejected by crypto/ed25519")
		}
	}

	// Exceptional inputs.
	pMinus1 := bigToLE32(new(big.Int).Sub(bigP, big.NewInt(1)))
	if _, err := PublicKeyFromX25519(pMinus1, 0); err == nil {
		t.Error("u = −1 accepted")
	}
	if _, err := PublicKeyFromX25519(twistU(), 0); err == nil {
		t.Error("twist u accepted")
	}
	if k, err := PublicKeyFromX25519(make([]byte, 32), 0); err != nil || !bytes.Equal(k, encOrder2) {
		t.Errorf("u = 0: %x (%v)", k, err)
	}
	if _, err := PublicKeyFromX25519(make([]byte, 32), 1); err == nil {
		t.Error("u = 0 with sign 1 accepted")
	}
	if _, err := PublicKeyFromX25519(make([]byte, 31), 0); err == nil {
		t.Error("short u accepted")
	}
	if _, err := PublicKeyFromX25519(make([]byte, 32), 2); err == nil {
		t.Error("sign 2 accepted")
	}
	B := newGeneratorPoint().Bytes()
	nine := bigToLE32(big.NewInt(9))
	for _, u := range [][]byte{nine, bigToLE32(new(big.Int).Add(bigP, big.NewInt(9))), func() []byte { b := bytes.Clone(nine); b[31] |= 0x80; return b }()} {
		if k, err := PublicKeyFromX25519(u, int(B[31]>>7)); err != nil || !bytes.Equal(k, B) {
			t.Errorf("u = %x: %x (%v), want the basepoint", u, k, err)
		}
	}
	for _, enc := range append(smallOrderEncodings[:], [32]byte(encIdentityPPlus1)) {
		if _, err := PublicKeyToX25519(enc[:]); err == nil {
			t.Errorf("small-order key %x converted", enc)
		}
	}
	if _, err := PublicKeyToX25519(notAPoint(t)); err == nil {
		t.Error("non-point converted")
	}
	if _, err := PublicKeyToX25519(make([]byte, 31)); err == nil {
		t.Error("short key converted")
	}
	if _, err := SeedToX25519(make([]byte, 31)); err == nil {
		t.Error("short seed converted")
	}
	if _, err := PrivateKeyToX25519(make([]byte, 63)); err == nil {
		t.Error("short private key converted")
	}
	if _, _, err := NewExpandedPrivateKeyFromX25519(make([]byte, 31)); err == nil {
		t.Error("short X25519 secret accepted")
	}
}

// twistU returns a u that is not on Curve25519 (u³ + 486662u² + u is not a
// square mod p), found with math/big.
func twistU() []byte {
	exp := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 1)
	for u := int64(2); ; u++ {
		U := big.NewInt(u)
		rhs := new(big.Int).Mul(U, U)
		rhs.Mul(rhs, U)
		rhs.Add(rhs, new(big.Int).Mul(big.NewInt(486662), new(big.Int).Mul(U, U)))
		rhs.Add(rhs, U)
		rhs.Mod(rhs, bigP)
		if new(big.Int).Exp(rhs, exp, bigP).Cmp(big.NewInt(1)) != 0 {
			return bigToLE32(U)
		}
	}
}
