package ed25519core

import (
	"crypto/subtle"
	"errors"
	"strconv"

	"github.com/curvekit/curvekit/curve25519"
)

// Policy names a set of verification rules, numbered as ed25519.Policy
// (whose documentation states them): ed25519 converts its Policy with a
// plain conversion and asserts the numbering at compile time.
type Policy uint8

const (
	PolicyDefault Policy = iota // crypto/ed25519's rules
	PolicyZIP215                // ZIP-215: lenient decoding, cofactored equation
	PolicyStrict                // libsodium-like: canonical, no small order
)

var (
	// ErrInvalidSig is the error of a signature that does not verify.
	ErrInvalidSig = errors.New("ed25519: invalid signature")
	// ErrUnknownPolicy is the error of a Policy above PolicyStrict.
	ErrUnknownPolicy = errors.New("ed25519: unknown verification policy")
	// ErrStrictKey is the error of a key that PolicyStrict rejects
	// (non-canonical or of small order).
	ErrStrictKey = errors.New("ed25519: public key rejected by PolicyStrict")
)

// Verify checks sig (R ‖ S, 64 bytes) on message under key, decoded from
// pub, with policy p and variant v (ctx as DomainFromOptions returns it). The challenge is
// hashed only once the cheap checks (lengths, S < ℓ, PolicyStrict's
// encodings) pass. tables, when not nil, are key's precomputed forms of −A
// and A. halfSize false forces the full-size equation (tests compare the
// two paths); callers pass true.
func Verify(key *Key, pub []byte, tables *Tables, message, sig []byte, v Variant, ctx string, p Policy, halfSize bool) error {
	var S scalar
	if err := precheck(key, sig, p, &S); err != nil {
		return err
	}
	var k scalar
	Challenge(&k, v, ctx, sig[:32], pub, message)
	return equation(key, tables, sig[:32], &k, &S, p, halfSize)
}

// VerifyChallenge is Verify with k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ
// computed earlier (by Challenge, over sig[:32] and the key's encoding): the same
// checks, in the same order, with the same answers.
func VerifyChallenge(key *Key, tables *Tables, sig []byte, k *curve25519.Scalar, p Policy, halfSize bool) error {
	var S scalar
	if err := precheck(key, sig, p, &S); err != nil {
		return err
	}
	return equation(key, tables, sig[:32], k, &S, p, halfSize)
}

// precheck runs the checks that come before the challenge: the policy, the
// signature's length, PolicyStrict's checks on A and R, and S < ℓ, which it
// decodes into S.
func precheck(key *Key, sig []byte, p Policy, S *scalar) error {
	if p > PolicyStrict {
		return ErrUnknownPolicy
	}
	if l := len(sig); l != 64 {
		return errors.New("ed25519: bad signature length: " + strconv.Itoa(l))
	}
	if p == PolicyStrict {
		// A was decoded leniently; the canonical and small-order checks on
		// the bytes and point finish the checklist. For R the encoding
		// checks suffice: the equation only holds for a valid point.
		if !key.Canonical || key.SmallOrder {
			return ErrStrictKey
		}
		if rBytes := sig[:32]; !IsCanonicalEncoding(rBytes) || IsSmallOrderEncoding(rBytes) {
			return ErrInvalidSig
		}
	}
	// S < ℓ. The top-three-bits test is crypto/ed25519's fast path.
	if sig[63]&224 != 0 {
		return ErrInvalidSig
	}
	if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
		return ErrInvalidSig
	}
	return nil
}

// equation checks [S]B − [k]A − R = identity: cofactored for PolicyZIP215,
// otherwise as crypto/ed25519's comparison of the encoding of [S]B − [k]A
// with R's bytes.
func equation(key *Key, tables *Tables, rBytes []byte, k, S *scalar, p Policy, halfSize bool) error {
	if p == PolicyZIP215 {
		var R point
		if _, err := R.SetBytes(rBytes); err != nil {
			return ErrInvalidSig
		}
		if !Equation(key, tables, &R, k, S, true, halfSize) {
			return ErrInvalidSig
		}
		return nil
	}

	if halfSize {
		// Cofactorless, as crypto/ed25519: the encoding of [S]B − [k]A must
		// equal R's bytes. Since that encoding is canonical, this is: R
		// decodes strictly, and [S]B − [k]A − R is the identity.
		var R point
		if _, err := R.SetCanonicalBytes(rBytes); err != nil {
			return ErrInvalidSig
		}
		if valid, handled := checkHalfSize(key, tables, &R, k, S, false); handled {
			if !valid {
				return ErrInvalidSig
			}
			return nil
		}
	}
	// Cofactorless, full size: the canonical encoding of [S]B − [k]A must
	// equal R's bytes.
	var Q point
	Q.VarTimeDoubleScalarBaseMult(k, &key.NegA, S)
	var qBytes [32]byte
	copy(qBytes[:], Q.Bytes())
	if subtle.ConstantTimeCompare(qBytes[:], rBytes) != 1 {
		return ErrInvalidSig
	}
	return nil
}

// Equation reports whether [S]B − [k]A − R is the identity or, if
// cofactored, whether [8]([S]B − [k]A − R) is, for A (as key.NegA, the only
// field it reads) and R already decoded; tables and halfSize as in Verify.
// For PolicyZIP215 this is the whole equation; the cofactorless policies
// also need R's encoding canonical, which Verify checks.
func Equation(key *Key, tables *Tables, R *curve25519.Point, k, S *curve25519.Scalar, cofactored, halfSize bool) bool {
	if halfSize {
		if valid, handled := checkHalfSize(key, tables, R, k, S, cofactored); handled {
			return valid
		}
	}
	var Q point
	Q.VarTimeDoubleScalarBaseMult(k, &key.NegA, S)
	Q.Subtract(&Q, R)
	if cofactored {
		Q.MultByCofactor(&Q)
	}
	return Q.Equal(identity) == 1
}

// identity is a read-only copy, to save allocations.
var identity = curve25519.NewIdentityPoint()

// checkHalfSize reports whether [S]B − [k]A − R is the identity
// (cofactored: whether [8]([S]B − [k]A − R) is), using the half-size
// scalars of ShortVector (lattice.go), with A from key (or from tables, the precomputed forms of
// −A and A, when not nil). handled is false when ShortVector declines; the
// caller then uses the full-size equation.
func checkHalfSize(key *Key, tables *Tables, R *point, k, S *scalar, cofactored bool) (valid, handled bool) {
	var kb [32]byte
	copy(kb[:], k.Bytes())
	absDelta, rho, negative, ok := ShortVector(kb[:])
	if !ok {
		return false, false
	}
	var db, rb [32]byte
	absDelta.PutBytes(&db)
	rho.PutBytes(&rb)
	var d, r scalar
	if _, err := d.SetCanonicalBytes(db[:]); err != nil {
		return false, false
	}
	if _, err := r.SetCanonicalBytes(rb[:]); err != nil {
		return false, false
	}
	// With δ = σ|δ|: [|δ|]P = [|δ|·S mod ℓ]B − [σρ]A − [|δ|]R.
	var e scalar
	e.Multiply(&d, S)
	var eb [32]byte
	copy(eb[:], e.Bytes())
	var e0b, e1b [32]byte
	copy(e0b[:16], eb[:16])
	copy(e1b[:16], eb[16:])
	var e0, e1 scalar
	if _, err := e0.SetCanonicalBytes(e0b[:]); err != nil {
		return false, false
	}
	if _, err := e1.SetCanonicalBytes(e1b[:]); err != nil {
		return false, false
	}
	// B and [2^128]B use the group's tables, built once per process.
	var negR, Q point
	negR.Negate(R)
	switch {
	case tables != nil && negative:
		Q.VarTimeSplitBaseMultPrecomputed(&e0, &e1, &r, &tables[1], &d, &negR) // σ = −1: +ρA
	case tables != nil:
		Q.VarTimeSplitBaseMultPrecomputed(&e0, &e1, &r, &tables[0], &d, &negR)
	default:
		var aTerm point
		if negative {
			aTerm.Negate(&key.NegA) // σ = −1: −σρA = +ρA
		} else {
			aTerm.Set(&key.NegA)
		}
		Q.VarTimeSplitBaseMult(&e0, &e1, &r, &aTerm, &d, &negR)
	}
	if cofactored {
		Q.MultByCofactor(&Q)
	}
	return Q.Equal(identity) == 1, true
}
