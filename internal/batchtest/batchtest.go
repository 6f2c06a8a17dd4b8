// Package batchtest holds the Ed25519 batch-verification test inputs that
// the batch package's tests and the interop module's share: the adversarial
// agreement corpus, honest and corrupted entries, and the benchmark
// signature sets and timing loops. The corpus's points and challenges are
// computed with curve25519 and SHA-512 directly, never by the batch code
// under test. It is used only by tests.
package batchtest

import (
	"crypto"
	"crypto/sha512"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
)

// SmallOrderEncodings are the canonical encodings of the eight points of
// order dividing 8 (well-known constants; batch's TestSmallOrderPoints checks
// them).
var SmallOrderEncodings = [8][32]byte{
	{0x01}, // identity
	{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, // order 2
	{},         // order 4
	{31: 0x80}, // order 4
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05}, // order 8
	{0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x85}, // order 8
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a}, // order 8
	{0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0xfa}, // order 8
}

// MustPoint decodes b (leniently) or fails the test.
func MustPoint(t testing.TB, b []byte) *curve25519.Point {
	t.Helper()
	p, err := new(curve25519.Point).SetBytes(b)
	if err != nil {
		t.Fatalf("SetBytes(%x): %v", b, err)
	}
	return p
}

// EncodingsOf returns every 32-byte string that decodes (leniently) to p:
// the canonical encoding, its twin with the sign bit set when x = 0, and the
// non-canonical y + p forms that exist when y < 19.
func EncodingsOf(p *curve25519.Point) [][32]byte {
	canon := [32]byte(p.Bytes())
	out := [][32]byte{canon}
	cand := [][32]byte{}
	flip := canon
	flip[31] ^= 0x80
	cand = append(cand, flip)
	// y + p, for y < 19: add p = 2^255 − 19 to the 255-bit y.
	y := canon
	y[31] &= 0x7f
	small := y[0] < 19
	for _, b := range y[1:] {
		small = small && b == 0
	}
	if small {
		var yp [32]byte
		yp[0] = y[0] + 0xed
		for i := 1; i < 31; i++ {
			yp[i] = 0xff
		}
		yp[31] = 0x7f
		cand = append(cand, yp)
		yp[31] |= 0x80
		cand = append(cand, yp)
	}
	for _, c := range cand {
		q, err := new(curve25519.Point).SetBytes(c[:])
		if err == nil && q.Equal(p) == 1 && c != canon {
			out = append(out, c)
		}
	}
	return out
}

// Entry is one verification input of a test batch.
type Entry struct {
	Pub, Msg, Sig []byte
	Opts          ed25519.Options // Policy is set per run
	Name          string
	Want          [3]bool // single verification's answer per policy, when WantSet
	WantSet       bool    // Want has been computed
}

// NewEntry returns the entry for pub, msg, sig under opts, named name.
func NewEntry(pub, msg, sig []byte, opts ed25519.Options, name string) Entry {
	return Entry{Pub: pub, Msg: msg, Sig: sig, Opts: opts, Name: name}
}

// Challenge computes k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ independently of
// the code under test.
func Challenge(opts *ed25519.Options, r, a, msg []byte) *curve25519.Scalar {
	h := sha512.New()
	if opts.Hash == crypto.SHA512 || opts.Context != "" {
		h.Write([]byte("SigEd25519 no Ed25519 collisions"))
		ph := byte(0)
		if opts.Hash == crypto.SHA512 {
			ph = 1
		}
		h.Write([]byte{ph, byte(len(opts.Context))})
		h.Write([]byte(opts.Context))
	}
	h.Write(r)
	h.Write(a)
	h.Write(msg)
	k, _ := new(curve25519.Scalar).SetUniformBytes(h.Sum(nil))
	return k
}

// randScalar is a uniform scalar drawn from rng.
func randScalar(rng *rand.Rand) *curve25519.Scalar {
	var b [64]byte
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	s, _ := new(curve25519.Scalar).SetUniformBytes(b[:])
	return s
}

// scalarPlusL returns the 32-byte little-endian encoding of s + ℓ.
func scalarPlusL(s []byte) []byte {
	l := [32]byte{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 31: 0x10}
	out := make([]byte, 32)
	var c uint16
	for i := range out {
		c += uint16(s[i]) + uint16(l[i])
		out[i] = byte(c)
		c >>= 8
	}
	return out
}

// GenCorpus builds the adversarial agreement corpus: deterministic edge
// cases on which Ed25519 verifiers are known to disagree; full false keeps
// about a third of the (A, R) pairs. A and R each range over: the eight
// small-order points in every encoding, and aB + T for the eight T (an
// honest key when T is the identity, mixed order otherwise). For each pair,
// messages are searched so that one gives a signature that holds
// cofactorless and one that holds only cofactored (where both exist), and
// S is then used as computed (S = 0 when a = r = 0), plus S + ℓ and S + 1.
func GenCorpus(t testing.TB, full bool) []Entry {
	rng := rand.New(rand.NewPCG(1, 2))
	var small [8]*curve25519.Point
	for i := range small {
		small[i] = MustPoint(t, SmallOrderEncodings[i][:])
	}
	type pt struct {
		secret *curve25519.Scalar // nil: pure small order (secret 0)
		P      *curve25519.Point
		enc    [32]byte
		name   string
	}
	var pts []pt
	for i := range small {
		for k, e := range EncodingsOf(small[i]) {
			pts = append(pts, pt{nil, small[i], e, "T" + string(rune('0'+i)) + "e" + string(rune('0'+k))})
		}
	}
	for i := range small {
		a := randScalar(rng)
		P := new(curve25519.Point).ScalarBaseMult(a)
		P.Add(P, small[i])
		pts = append(pts, pt{a, P, [32]byte(P.Bytes()), "aB+T" + string(rune('0'+i))})
	}
	variants := []ed25519.Options{{}, {Context: "ctx"}, {Hash: crypto.SHA512, Context: "ph"}}
	var out []Entry
	var msg [64]byte
	for ai, A := range pts {
		for ri, R := range pts {
			if !full && (ai+ri)%3 != 0 {
				continue
			}
			opts := variants[(ai*7+ri)%len(variants)]
			// Search messages: want one where the cofactorless
			// equation holds and one where it does not.
			found := [2]bool{}
			for tries := 0; tries < 24 && !(found[0] && found[1]); tries++ {
				binary.LittleEndian.PutUint64(msg[:], rng.Uint64())
				m := msg[:]
				if opts.Hash != crypto.SHA512 {
					m = msg[:8+tries%9]
				}
				k := Challenge(&opts, R.enc[:], A.enc[:], m)
				// S = r + k·a.
				S := new(curve25519.Scalar)
				if R.secret != nil {
					S.Set(R.secret)
				}
				if A.secret != nil {
					S.MultiplyAdd(k, A.secret, S)
				}
				// Cofactorless: [S]B − [k]A == R as points.
				var Q, negA curve25519.Point
				negA.Negate(A.P)
				Q.VarTimeDoubleScalarBaseMult(k, &negA, S)
				exact := Q.Equal(R.P) == 1
				idx := 0
				if exact {
					idx = 1
				}
				if found[idx] {
					continue
				}
				found[idx] = true
				sig := append(append([]byte{}, R.enc[:]...), S.Bytes()...)
				name := A.name + "/" + R.name
				if exact {
					name += "/exact"
				} else {
					name += "/cofactored-only"
				}
				mm := append([]byte{}, m...)
				out = append(out, NewEntry(A.enc[:], mm, sig, opts, name))
				bad := append([]byte{}, sig[:32]...)
				out = append(out, NewEntry(A.enc[:], mm, append(bad, scalarPlusL(sig[32:])...), opts, name+"/S+l"))
				if full || ai%2 == 0 {
					var one curve25519.Scalar
					one.SetCanonicalBytes([]byte{1, 31: 0})
					S1 := new(curve25519.Scalar).Add(S, &one)
					out = append(out, NewEntry(A.enc[:], mm, append(append([]byte{}, sig[:32]...), S1.Bytes()...), opts, name+"/S+1"))
				}
			}
		}
	}
	// Encodings that are not points, and S with the top bits set.
	notPoint := [32]byte{2}
	for mustFail := 0; ; mustFail++ {
		if _, err := new(curve25519.Point).SetBytes(notPoint[:]); err != nil {
			break
		}
		notPoint[0]++
	}
	good := pts[len(pts)-8]
	sig := make([]byte, 64)
	copy(sig, notPoint[:])
	out = append(out, NewEntry(good.enc[:], []byte("x"), sig, ed25519.Options{}, "R not a point"))
	sig2 := make([]byte, 64)
	copy(sig2, good.enc[:])
	out = append(out, NewEntry(notPoint[:], []byte("x"), sig2, ed25519.Options{}, "A not a point"))
	sig3 := append(append([]byte{}, good.enc[:]...), make([]byte, 32)...)
	sig3[63] = 0xe0
	out = append(out, NewEntry(good.enc[:], []byte("x"), sig3, ed25519.Options{}, "S top bits"))
	return out
}

// HonestEntries returns n valid signatures under fresh keys, over the three
// variants.
func HonestEntries(t testing.TB, n int, rng *rand.Rand) []Entry {
	out := make([]Entry, n)
	var seed [32]byte
	for i := range out {
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		priv := ed25519.NewKeyFromSeed(seed[:])
		msg := make([]byte, rng.IntN(100))
		for j := range msg {
			msg[j] = byte(rng.Uint32())
		}
		opts := []ed25519.Options{{}, {Context: "batch test"}, {Hash: crypto.SHA512}}[i%3]
		if opts.Hash == crypto.SHA512 {
			d := sha512.Sum512(msg)
			msg = d[:]
		}
		sig, err := priv.Sign(nil, msg, &opts)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = NewEntry(priv.Public().(ed25519.PublicKey), msg, sig, opts, "honest")
	}
	return out
}

// Corrupt returns a copy of e made invalid in one of several ways.
func Corrupt(e Entry, rng *rand.Rand) Entry {
	sig := append([]byte{}, e.Sig...)
	msg := append([]byte{}, e.Msg...)
	switch rng.IntN(4) {
	case 0:
		sig[rng.IntN(32)] ^= 1 << rng.IntN(8) // R
	case 1:
		sig[32+rng.IntN(31)] ^= 1 << rng.IntN(8) // S (stays < 2^253)
	case 2:
		if len(msg) == 0 || e.Opts.Hash == crypto.SHA512 {
			msg = append(msg[:len(msg):len(msg)], 0)
			if e.Opts.Hash == crypto.SHA512 {
				msg = msg[:64]
				msg[0] ^= 1
			}
		} else {
			msg[0] ^= 1
		}
	case 3:
		pub := append([]byte{}, e.Pub...)
		pub[rng.IntN(31)] ^= 1 << rng.IntN(8)
		e.Pub = pub
	}
	e.Sig, e.Msg, e.Name, e.WantSet = sig, msg, "corrupted", false
	return e
}
