package curve25519

import (
	"errors"
	"fmt"
)

// A Scalar is an integer modulo
//
//	ℓ = 2^252 + 27742317777372353535851937790883648493
//
// which is the prime order of the edwards25519 group.
//
// The zero value is a valid zero element. All operations are constant time.
// The method set mirrors filippo.io/edwards25519.Scalar: every method sets
// the receiver, returns it, and accepts arguments that alias the receiver.
type Scalar struct {
	s scalarElement
}

// NewScalar returns a new zero Scalar.
func NewScalar() *Scalar {
	return &Scalar{}
}

// Set sets s = x, and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	s.s.Set(&x.s)
	return s
}

// Add sets s = x + y mod ℓ, and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	s.s.Add(&x.s, &y.s)
	return s
}

// Subtract sets s = x - y mod ℓ, and returns s.
func (s *Scalar) Subtract(x, y *Scalar) *Scalar {
	s.s.Subtract(&x.s, &y.s)
	return s
}

// Negate sets s = -x mod ℓ, and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	s.s.Negate(&x.s)
	return s
}

// Multiply sets s = x * y mod ℓ, and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	s.s.Multiply(&x.s, &y.s)
	return s
}

// MultiplyAdd sets s = x * y + z mod ℓ, and returns s.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	s.s.MultiplyAdd(&x.s, &y.s, &z.s)
	return s
}

// Invert sets s = 1/t mod ℓ, and returns s. If t is zero, Invert sets s
// to zero.
func (s *Scalar) Invert(t *Scalar) *Scalar {
	s.s.Invert(&t.s)
	return s
}

// SetUniformBytes sets s = x mod ℓ, where x is a 64-byte little-endian
// integer. If x is not of the right length, SetUniformBytes returns nil and
// an error, and the receiver is unchanged.
//
// SetUniformBytes can be used to set s to a uniformly distributed value
// given 64 uniformly distributed random bytes.
func (s *Scalar) SetUniformBytes(x []byte) (*Scalar, error) {
	if len(x) != 64 {
		return nil, fmt.Errorf("curve25519: invalid SetUniformBytes input length: %d", len(x))
	}
	if _, err := s.s.SetUniformBytes(x); err != nil {
		return nil, err
	}
	return s, nil
}

// SetCanonicalBytes sets s = x, where x is a 32-byte little-endian encoding
// of s, and returns s. If x is not a canonical encoding of s (it is not
// 32 bytes long or encodes a value ≥ ℓ), SetCanonicalBytes returns nil and
// an error, and the receiver is unchanged.
func (s *Scalar) SetCanonicalBytes(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, fmt.Errorf("curve25519: invalid scalar length: %d", len(x))
	}
	var t scalarElement
	if _, err := t.SetCanonicalBytes(x); err != nil {
		return nil, errors.New("curve25519: invalid scalar encoding")
	}
	s.s.Set(&t)
	return s, nil
}

// SetBytesWithClamping applies the buffer pruning described in RFC 8032,
// Section 5.1.5 (also known as clamping) and sets s to the result. The input
// must be 32 bytes, and it is not modified. If x is not of the right length,
// SetBytesWithClamping returns nil and an error, and the receiver is
// unchanged.
//
// Clamping sets bit 254, so the clamped value exceeds ℓ and is reduced:
// the result is the clamped integer mod ℓ, as in filippo.io/edwards25519.
func (s *Scalar) SetBytesWithClamping(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, fmt.Errorf("curve25519: invalid SetBytesWithClamping input length: %d", len(x))
	}
	var wide [64]byte
	copy(wide[:], x)
	wide[0] &= 248
	wide[31] &= 63
	wide[31] |= 64
	return s.SetUniformBytes(wide[:])
}

// Bytes returns the canonical 32-byte little-endian encoding of s.
func (s *Scalar) Bytes() []byte {
	// A small inlinable wrapper around an outlined body, so that buf lives
	// on the caller's stack instead of escaping to the heap.
	var buf [32]byte
	return s.encode(&buf)
}

// encode is bytes kept out of line: inlining it would push Bytes over the
// inliner's budget (TestAllocs checks the result).
//
//go:noinline
func (s *Scalar) encode(out *[32]byte) []byte { return s.bytes(out) }

// bytes writes the encoding of s into out and returns out[:].
func (s *Scalar) bytes(out *[32]byte) []byte {
	copy(out[:], s.s.Bytes())
	return out[:]
}

// Equal returns 1 if s and t are equal, and 0 otherwise.
func (s *Scalar) Equal(t *Scalar) int {
	return s.s.Equal(&t.s)
}
