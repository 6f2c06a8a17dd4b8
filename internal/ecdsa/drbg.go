package ecdsa

import (
	"crypto"
	"crypto/hmac"

	"github.com/curvekit/curvekit/internal/hmacsha256"
)

// macFunc appends HMAC_key(parts[0] ‖ parts[1] ‖ …) to dst.
type macFunc func(dst, key []byte, parts ...[]byte) []byte

// macSHA256 is HMAC-SHA-256 without allocations (internal/hmacsha256).
func macSHA256(dst, key []byte, parts ...[]byte) []byte {
	var out [hmacsha256.Size]byte
	hmacsha256.MAC(&out, key, parts...)
	return append(dst, out[:]...)
}

// macFor returns the HMAC of h (crypto/hmac for every hash but SHA-256).
func macFor(h crypto.Hash) macFunc {
	if h == crypto.SHA256 {
		return macSHA256
	}
	return func(dst, key []byte, parts ...[]byte) []byte {
		m := hmac.New(h.New, key)
		for _, p := range parts {
			m.Write(p)
		}
		return m.Sum(dst)
	}
}

// drbg is the HMAC_DRBG of RFC 6979 §3.2, with K and V of up to 64 bytes
// (SHA-512) kept in place.
type drbg struct {
	mac    macFunc
	kb, vb [64]byte
	k, v   []byte
}

// init runs RFC 6979 §3.2 steps b–g on int2octets(x) and bits2octets(h),
// with extra appended to the seed as §3.6 allows (hedged signatures).
func (d *drbg) init(mac macFunc, size int, x, h, extra []byte) {
	d.mac = mac
	d.k = d.kb[:size]
	d.v = d.vb[:size]
	clear(d.k)
	for i := range d.v {
		d.v[i] = 1
	}
	for _, sep := range [][]byte{{0}, {1}} {
		d.k = d.mac(d.k[:0], d.k, d.v, sep, x, h, extra)
		d.v = d.mac(d.v[:0], d.k, d.v)
	}
}

// next fills t with the next candidate T of step h (qlen = 8·len(t)).
func (d *drbg) next(t []byte) {
	n := 0
	for n < len(t) {
		d.v = d.mac(d.v[:0], d.k, d.v)
		n += copy(t[n:], d.v)
	}
}

// reseed is step h.3 after a rejected candidate.
func (d *drbg) reseed() {
	d.k = d.mac(d.k[:0], d.k, d.v, []byte{0})
	d.v = d.mac(d.v[:0], d.k, d.v)
}
