package curve25519

import (
	"crypto/subtle"
	"errors"
)

// The layout of a PrecomputedPoint's table, in the terms of tables.FixedBase:
// signed radix-16 digits, a comb of two rounds, 32 positions of 8 affine
// entries each (entry(j, k) = k·2^(8j)·P). Multiplying costs 64 mixed
// additions, 4 doublings and 64 full-scan lookups, like ScalarBaseMult's
// (which has 64 positions and no doublings); two rounds halve the table
// (30 KiB on the 64-bit backend) and its building time for 4 doublings.
const (
	precompWindow    = 4
	precompSpacing   = 2
	precompPositions = 32
	precompPerPos    = 1 << (precompWindow - 1)
)

// PrecomputedPoint is a point together with a table of its multiples, for
// constant-time multiplications of the same point by many secret scalars —
// a peer's static public key in a Diffie–Hellman protocol, for example. It is
// the basepoint table's method applied to any point: ScalarMultPrecomputed
// costs about a third of ScalarMult. Building the table costs about two and
// a half ScalarMult calls, so it pays from the fourth multiplication.
//
// The zero value is not usable; use [NewPrecomputedPoint] or
// [PrecomputedPoint.Set]. A PrecomputedPoint is read-only once built and
// safe for concurrent use by ScalarMultPrecomputed.
type PrecomputedPoint struct {
	entries [precompPositions * precompPerPos]affineCached
}

// NewPrecomputedPoint returns the precomputed form of p.
func NewPrecomputedPoint(p *Point) *PrecomputedPoint {
	return new(PrecomputedPoint).Set(p)
}

// Set sets t to the precomputed form of p, and returns t. It runs in time
// independent of p, with 248 doublings, 224 additions and one inversion,
// and allocates about 40 KiB of scratch space.
func (t *PrecomputedPoint) Set(p *Point) *PrecomputedPoint {
	checkInitialized(p)
	pts := make([]Point, len(t.entries))
	var base Point
	var c projCached
	var r projP1xP1
	var pp projP2
	base.Set(p)
	for j := 0; j < precompPositions; j++ {
		row := pts[j*precompPerPos : (j+1)*precompPerPos]
		row[0].Set(&base)
		c.fromP3(&base)
		for k := 1; k < precompPerPos; k++ {
			r.add(&row[k-1], &c)
			row[k].fromP1xP1(&r)
		}
		if j+1 < precompPositions {
			// base = 2^(window·spacing)·base.
			pp.fromP3(&base)
			for i := 0; i < precompWindow*precompSpacing-1; i++ {
				r.double(&pp)
				pp.fromP1xP1(&r)
			}
			r.double(&pp)
			base.fromP1xP1(&r)
		}
	}
	toAffineCached(t.entries[:], pts, make([]fieldElement, len(pts)), make([]fieldElement, len(pts)))
	return t
}

// toAffineCached sets dst[i] to pts[i] in affine cached form, normalizing all
// of them with one inversion (batchInvert); zInv and scratch are scratch
// space of the same length. Z is never zero on the extended twisted Edwards
// curve (complete formulas). It runs in time independent of the points.
func toAffineCached(dst []affineCached, pts []Point, zInv, scratch []fieldElement) {
	for i := range pts {
		zInv[i].Set(&pts[i].z)
	}
	batchInvert(zInv, zInv, scratch)
	var x, y fieldElement
	for i := range pts {
		x.Multiply(&pts[i].x, &zInv[i])
		y.Multiply(&pts[i].y, &zInv[i])
		dst[i].fromAffine(&x, &y)
	}
}

// ScalarMultPrecomputed sets v = x·P, where t is the precomputed form of P,
// and returns v. It is constant time, with the method of ScalarBaseMult: 64
// full-scan lookups and mixed additions and 4 doublings whatever the scalar.
func (v *Point) ScalarMultPrecomputed(x *Scalar, t *PrecomputedPoint) *Point {
	checkInitializedTable(&t.entries[0], "PrecomputedPoint")
	bt := basepointTables{
		window:      precompWindow,
		spacing:     precompSpacing,
		positions:   precompPositions,
		perPosition: precompPerPos,
		digits:      precompPositions * precompSpacing,
		fixed:       t.entries[:],
	}
	return v.scalarBaseMultTable(&bt, x)
}

var errNilPrecomputed = errors.New("curve25519: nil PrecomputedX25519")

// PrecomputedX25519 is a Curve25519 public key (a u-coordinate) prepared for
// many X25519 functions with it and different secret scalars, about three
// times faster each than [X25519] (the method of X25519's fixed-base path,
// on a table of this point built by [NewPrecomputedX25519]). Use it for a
// peer's static key in an ephemeral–static exchange (ntor's client and the
// relay key B, Noise and WireGuard initiators). The table takes about 30 KiB
// and costs about three X25519 functions to build, so it pays from the
// fourth exchange with the same key.
//
// A PrecomputedX25519 is read-only once built and safe for concurrent use.
// Its zero value stands for u = 0, a low-order point, so X25519 on it
// returns the low-order error; on a nil pointer X25519 returns an error too.
type PrecomputedX25519 struct {
	point [32]byte
	// table is nil when the point has no usable Edwards image (u on the
	// quadratic twist, or u = -1); X25519 then runs the ladder on point.
	table *PrecomputedPoint
}

// NewPrecomputedX25519 prepares point for [PrecomputedX25519.X25519]. point
// is decoded as X25519 decodes it (bit 255 ignored, u ≥ 2^255−19 reduced);
// the only error is a length other than 32 bytes. Every u is accepted, as
// X25519 accepts it: a low-order point makes every later X25519 call return
// the low-order error, exactly as X25519(scalar, point) would.
func NewPrecomputedX25519(point []byte) (*PrecomputedX25519, error) {
	if len(point) != PointSize {
		return nil, pointLenError(len(point))
	}
	t := new(PrecomputedX25519)
	copy(t.point[:], point)

	// The point is public: branching on its properties is fine.
	var u fieldElement
	if _, err := u.SetBytes(point); err != nil {
		return nil, pointLenError(len(point))
	}
	var P Point
	if _, err := P.SetMontgomery(u.Bytes(), 0); err == nil {
		// X25519 multiplies by the clamped scalar k, a multiple of 8 below
		// 2^255: k·P = (k/8)·(8·P), and 8·P has order ℓ or 1, so k/8 < 2^252
		// < ℓ serves as a scalar mod ℓ with no reduction. Either sign of x
		// gives the same u-coordinate.
		P.MultByCofactor(&P)
		t.table = NewPrecomputedPoint(&P)
	}
	return t, nil
}

// X25519 returns X25519(scalar, point) for the point t was built from, with
// the same errors as [X25519]: a scalar that is not 32 bytes long, or an
// all-zero result (a low-order point), and an error for a nil t. It runs
// in constant time with respect to scalar.
func (t *PrecomputedX25519) X25519(scalar []byte) ([]byte, error) {
	var dst [32]byte
	return t.x25519(&dst, scalar)
}

func (t *PrecomputedX25519) x25519(dst *[32]byte, scalar []byte) ([]byte, error) {
	if t == nil {
		return nil, errNilPrecomputed
	}
	if len(scalar) != ScalarSize {
		return nil, scalarLenError(len(scalar))
	}
	if t.table == nil {
		return xdh(dst, scalar, t.point[:])
	}
	var e [32]byte
	clampScalar(&e, scalar)
	// e/8: shift the little-endian integer right by 3 bits.
	for i := 0; i < 31; i++ {
		e[i] = e[i]>>3 | e[i+1]<<5
	}
	e[31] >>= 3
	var s Scalar
	if _, err := s.SetCanonicalBytes(e[:]); err != nil {
		panic("curve25519: internal error: clamped scalar / 8 is not below ℓ")
	}
	var R Point
	R.ScalarMultPrecomputed(&s, t.table)
	R.bytesMontgomery(dst)
	var zero [32]byte
	if subtle.ConstantTimeCompare(dst[:], zero[:]) == 1 {
		return nil, errLowOrder
	}
	return dst[:], nil
}
