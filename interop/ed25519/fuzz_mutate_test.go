package ed25519_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha256"
	"crypto/sha512"
	"math/big"
	"testing"

	"github.com/hdevalence/ed25519consensus"
	voi "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/curvekit/curvekit/internal/ed25519test"
)

// voiStrict is the curve25519-voi verification options that match
// PolicyStrict's checklist: voi has no preset by that name, and its presets
// all allow something PolicyStrict rejects; with every Allow… off and
// CofactorlessVerify on it requires canonical A and R, rejects small-order A
// and R, checks S < ℓ, and uses the cofactorless byte-comparing equation.
var voiStrict = &voi.VerifyOptions{CofactorlessVerify: true}

// mutationSpecials are the encodings the mutator can put in place of A or R:
// the small-order points, non-canonical encodings of them (y ≥ p, x = 0
// with the sign bit set), and a y that is not on the curve.
var mutationSpecials = func() [][]byte {
	s := [][]byte{ed25519test.IdentityPPlus1, ed25519test.IdentityNegZero, ed25519test.NotAPoint}
	for _, e := range smallOrderEncodings {
		s = append(s, bytes.Clone(e[:]))
	}
	for _, d := range []int64{0, 1, 2, 3, 4, 18} {
		y := ed25519test.LE32(new(big.Int).Add(ed25519test.P, big.NewInt(d)))
		y2 := bytes.Clone(y)
		y2[31] |= 0x80
		s = append(s, y, y2)
	}
	return s
}()

// mutate applies ops, three bytes each, to pub and sig (both modified):
// op%5 = 0 xors ops[2] into byte ops[1] of A ‖ R ‖ S; 1 and 2 replace A or R
// with a special encoding; 3 replaces S with S + kℓ (k < 8, if it fits in
// 256 bits); 4 sets S to zero.
func mutate(pub, sig, ops []byte) {
	for len(ops) >= 3 {
		op, a, b := ops[0], ops[1], ops[2]
		ops = ops[3:]
		switch op % 5 {
		case 0:
			if i := int(a) % 96; i < 32 {
				pub[i] ^= b
			} else {
				sig[i-32] ^= b
			}
		case 1:
			copy(pub, mutationSpecials[int(a)%len(mutationSpecials)])
		case 2:
			copy(sig[:32], mutationSpecials[int(a)%len(mutationSpecials)])
		case 3:
			S := new(big.Int).Add(bigle.Int(sig[32:]), new(big.Int).Mul(ed25519test.L, big.NewInt(int64(a%8))))
			if S.BitLen() <= 256 {
				copy(sig[32:], ed25519test.LE32(S))
			}
		case 4:
			clear(sig[32:])
		}
	}
}

// FuzzVerifyMutated signs a message honestly with a key from the input's
// seed, mutates the key and signature as the input says (bit flips,
// small-order and non-canonical A and R, S + kℓ, S = 0), and requires each
// policy to answer as the peer it mirrors: PolicyDefault as crypto/ed25519
// (Ed25519, Ed25519ctx and Ed25519ph), PolicyZIP215 as ed25519consensus
// (pure Ed25519), PolicyStrict as curve25519-voi with voiStrict (all three
// variants). Starting from valid signatures reaches the accepting paths that
// FuzzVerify's arbitrary bytes almost never do.
func FuzzVerifyMutated(f *testing.F) {
	f.Add([]byte("seed"), []byte("msg"), []byte{}, byte(0))
	f.Add([]byte("seed"), []byte("msg"), []byte{0, 40, 1}, byte(0))
	f.Add([]byte("seed"), []byte(""), []byte{1, 3, 0, 2, 3, 0, 4, 0, 0}, byte(0)) // A = R = identity, S = 0
	f.Add([]byte("k"), []byte("m"), []byte{3, 1, 0}, byte(1))
	f.Add([]byte("k"), []byte("m"), []byte{2, 5, 0}, byte(2))
	f.Add([]byte("k"), []byte("m"), []byte{1, 9, 0}, byte(0))
	f.Fuzz(func(t *testing.T, seed, msg, ops []byte, variant byte) {
		s := sha256.Sum256(seed)
		priv := ed25519.NewKeyFromSeed(s[:])
		var so stded25519.Options
		switch variant % 3 {
		case 1:
			so.Context = "fuzz"
		case 2:
			so.Hash = crypto.SHA512
			h := sha512.Sum512(msg)
			msg = h[:]
		}
		sig, err := priv.Sign(nil, msg, &so)
		if err != nil {
			t.Fatal(err)
		}
		pub := bytes.Clone(priv[32:])
		mutate(pub, sig, ops)

		def := ed25519.VerifyWithOptions(pub, msg, sig, &ed25519.Options{Hash: so.Hash, Context: so.Context}) == nil
		if want := stdVerify(pub, msg, sig, &so); def != want {
			t.Fatalf("A %x sig %x %+v: PolicyDefault %v, crypto/ed25519 %v", pub, sig, so, def, want)
		}
		if so.Hash == 0 && so.Context == "" {
			zip := ed25519.VerifyWithOptions(pub, msg, sig, &ed25519.Options{Policy: ed25519.PolicyZIP215}) == nil
			if want := ed25519consensus.Verify(pub, msg, sig); zip != want {
				t.Fatalf("A %x sig %x: PolicyZIP215 %v, ed25519consensus %v", pub, sig, zip, want)
			}
		}
		strict := ed25519.VerifyWithOptions(pub, msg, sig, &ed25519.Options{Policy: ed25519.PolicyStrict, Hash: so.Hash, Context: so.Context}) == nil
		vo := &voi.Options{Verify: voiStrict, Context: so.Context, Hash: so.Hash}
		if want := voi.VerifyWithOptions(voi.PublicKey(pub), msg, sig, vo); strict != want {
			t.Fatalf("A %x sig %x %+v: PolicyStrict %v, voi strict %v", pub, sig, so, strict, want)
		}
	})
}
