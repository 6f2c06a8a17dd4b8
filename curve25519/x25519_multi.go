package curve25519

import (
	"crypto/subtle"
	"errors"
)

var errX25519MultiLen = errors.New("curve25519: X25519Multi: different numbers of scalars and points")

// X25519Multi returns X25519(scalars[i], points[i]) for every i, computed as
// X25519 computes each (the basepoint through the table, other points with
// the ladder) but with one field inversion for all of them instead of one
// each (Montgomery's trick). Protocols that run several Diffie–Hellman
// functions at once — ntor's two per side, the relay's key generation with
// them, X3DH's three or four — save the cost of an inversion per extra
// result.
//
// The errors are X25519's: a scalar or point of the wrong length, or an
// all-zero result (a low-order point). Lengths are checked first; then all
// the results are computed before any is checked, and if one is all zero
// X25519Multi returns nil and X25519's low-order error, so a caller learns
// no more than that one of its exchanges failed. It runs in constant time with respect to the
// scalars. The results share one backing array.
func X25519Multi(scalars, points [][]byte) ([][]byte, error) {
	return x25519Multi(ladder64On(), scalars, points)
}

// x25519Multi is X25519Multi on the fe64 assembly ladder (asm; only where
// ladder64HasAsm) or on the field25519 ladder.
func x25519Multi(asm bool, scalars, points [][]byte) ([][]byte, error) {
	if len(scalars) != len(points) {
		return nil, errX25519MultiLen
	}
	for i := range scalars {
		if len(scalars[i]) != ScalarSize {
			return nil, scalarLenError(len(scalars[i]))
		}
		if len(points[i]) != PointSize {
			return nil, pointLenError(len(points[i]))
		}
	}
	n := len(scalars)
	// Scratch on the stack for up to four pairs (ntor's three, X3DH's four).
	var numBuf, denBuf, prefixBuf [4]fieldElement
	num, den, prefix := numBuf[:0], denBuf[:0], prefixBuf[:0]
	if n > len(numBuf) {
		num, den, prefix = make([]fieldElement, 0, n), make([]fieldElement, 0, n), make([]fieldElement, 0, n)
	}
	num, den, prefix = num[:n], den[:n], prefix[:n]

	// Each result as a fraction num/den.
	for i := range scalars {
		// Whether a point is the basepoint is public.
		if string(points[i]) == string(basepointBytes[:]) {
			var s Scalar
			if _, err := s.SetBytesWithClamping(scalars[i]); err != nil {
				panic("curve25519: internal error: SetBytesWithClamping rejected 32 bytes")
			}
			var p Point
			p.ScalarBaseMult(&s)
			// u = (Z + Y) / (Z − Y), as BytesMontgomery.
			num[i].Add(&p.z, &p.y)
			den[i].Subtract(&p.z, &p.y)
			continue
		}
		var e [32]byte
		clampScalar(&e, scalars[i])
		if asm {
			// The 4 × 64-bit assembly ladder, as scalarMultLadder runs it;
			// its x2 and z2 move into field elements through their
			// canonical encodings.
			var x1 fe64
			var st [2]fe64
			var b [32]byte
			fe64SetBytes(&x1, (*[32]byte)(points[i]))
			ladder64Asm(&st, &e, &x1)
			fe64Bytes(&b, &st[0])
			_, err1 := num[i].SetBytes(b[:])
			fe64Bytes(&b, &st[1])
			_, err2 := den[i].SetBytes(b[:])
			if err1 != nil || err2 != nil {
				panic("curve25519: internal error: SetBytes rejected 32 bytes")
			}
			continue
		}
		var u fieldElement
		if _, err := u.SetBytes(points[i]); err != nil {
			panic("curve25519: internal error: SetBytes rejected 32 bytes")
		}
		ladderProjective(&num[i], &den[i], &e, &u)
	}

	// One inversion for all the denominators. A zero denominator (the point
	// at infinity, from a low-order point) has inverse 0 in batchInvert,
	// which gives the all-zero result that X25519's Invert(0) = 0 gives.
	if asm {
		batchInvertLadder64(den)
	} else {
		batchInvert(den, den, prefix)
	}
	out := make([]byte, 32*n)
	results := make([][]byte, n)
	bad := 0
	var zeroBytes [32]byte
	for i := n - 1; i >= 0; i-- {
		var r fieldElement
		r.Multiply(&num[i], &den[i])
		results[i] = out[32*i : 32*i+32 : 32*i+32]
		copy(results[i], r.Bytes())
		bad |= subtle.ConstantTimeCompare(results[i], zeroBytes[:])
	}
	if bad == 1 {
		return nil, errLowOrder
	}
	return results, nil
}

// batchInvertLadder64 is batchInvert(den, den, ·) on the fe64 assembly
// (zz_generated_ladder64_amd64.s), whose inversion is cheaper than
// field25519's: the denominators move to fe64 through their canonical
// bytes, one fe64InvertAsm serves all (Montgomery's trick), and the
// inverses come back the same way. A zero denominator is replaced by 1
// under a mask for the products and its inverse set to 0, as batchInvert
// does, in constant time.
func batchInvertLadder64(den []fieldElement) {
	n := len(den)
	if n == 0 {
		return
	}
	var dBuf, pBuf [4]fe64
	var zBuf [4]uint64
	d, p, z := dBuf[:0], pBuf[:0], zBuf[:0]
	if n > len(dBuf) {
		d, p, z = make([]fe64, 0, n), make([]fe64, 0, n), make([]uint64, 0, n)
	}
	d, p, z = d[:n], p[:n], z[:n]
	for i := range den {
		fe64SetBytes(&d[i], (*[32]byte)(den[i].Bytes()))
		z[i] = -uint64(den[i].IsZero())
		d[i][0] = d[i][0]&^z[i] | 1&z[i]
		for j := 1; j < len(d[i]); j++ {
			d[i][j] &^= z[i]
		}
		if i == 0 {
			p[0] = d[0]
		} else {
			fe64MulAsm(&p[i], &p[i-1], &d[i])
		}
	}
	var inv fe64
	fe64InvertAsm(&inv, &p[n-1]) // 1/(d0·…·d(n−1))
	for i := n - 1; i >= 0; i-- {
		di := inv
		if i > 0 {
			fe64MulAsm(&di, &inv, &p[i-1]) // 1/d(i)
			fe64MulAsm(&inv, &inv, &d[i])  // 1/(d0·…·d(i−1))
		}
		for j := range di {
			di[j] &^= z[i]
		}
		var b [32]byte
		fe64Bytes(&b, &di)
		if _, err := den[i].SetBytes(b[:]); err != nil {
			panic("curve25519: internal error: SetBytes rejected 32 bytes")
		}
	}
}
