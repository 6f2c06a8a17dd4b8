package ed448

import (
	"crypto/sha3"

	"github.com/curvekit/curvekit/curve448"
)

// signingKey is a private key expanded for signing (RFC 8032, Section
// 5.2.5): s = clamp(h[:57]) mod q and prefix = h[57:] for h =
// SHAKE256(seed, 114), and the encoded public key [s]B.
type signingKey struct {
	s      curve448.Scalar
	prefix [57]byte
	pub    [57]byte
}

func (k *signingKey) fromSeed(seed []byte) {
	var h [114]byte
	shake256(h[:], seed)
	if _, err := k.s.SetBytesWithClamping(h[:57]); err != nil {
		panic("ed448: internal error: setting scalar failed")
	}
	copy(k.prefix[:], h[57:])
	copy(k.pub[:], new(curve448.Point).ScalarBaseMult(&k.s).Bytes())
}

// writeDom writes dom4(phflag, ctx) of RFC 8032, Section 5.2: Ed448 always
// has it, with an empty context by default.
func writeDom(h *sha3.SHAKE, ctx string, ph bool) {
	flag := byte(0)
	if ph {
		flag = 1
	}
	h.Write([]byte("SigEd448"))
	h.Write([]byte{flag, byte(len(ctx))})
	h.Write([]byte(ctx))
}

// preHash returns PH(message): message itself for Ed448, SHAKE256(message,
// 64) for Ed448ph.
func preHash(message []byte, ph bool) []byte {
	if !ph {
		return message
	}
	var d [64]byte
	shake256(d[:], message)
	return d[:]
}

// shake256 sets out = SHAKE256(data, len(out)) without allocating.
func shake256(out, data []byte) {
	h := *sha3.NewSHAKE256()
	h.Write(data)
	h.Read(out)
}

// challenge sets c = SHAKE256(dom4 ‖ R ‖ A ‖ PH(M), 114) mod q, over the
// bytes as given.
func challenge(c *curve448.Scalar, R, A, phm []byte, ctx string, ph bool) {
	h := sha3.NewSHAKE256()
	writeDom(h, ctx, ph)
	h.Write(R)
	h.Write(A)
	h.Write(phm)
	var d [114]byte
	h.Read(d[:])
	if _, err := c.SetUniformBytes(d[:]); err != nil {
		panic("ed448: internal error: setting scalar failed")
	}
}

// sign writes R ‖ S (RFC 8032, Section 5.2.6). Constant time in the secret
// scalar and the nonce.
func (k *signingKey) sign(sig, message []byte, ctx string, ph bool) {
	phm := preHash(message, ph)
	h := sha3.NewSHAKE256()
	writeDom(h, ctx, ph)
	h.Write(k.prefix[:])
	h.Write(phm)
	var d [114]byte
	h.Read(d[:])
	var r curve448.Scalar
	if _, err := r.SetUniformBytes(d[:]); err != nil {
		panic("ed448: internal error: setting scalar failed")
	}
	R := new(curve448.Point).ScalarBaseMult(&r).Bytes()
	var c, S curve448.Scalar
	challenge(&c, R, k.pub[:], phm, ctx, ph)
	S.MultiplyAdd(&c, &k.s, &r)
	copy(sig[:57], R)
	copy(sig[57:113], S.Bytes())
	sig[113] = 0
}
