// Package ed448 implements Ed448 and Ed448ph (RFC 8032, Section 5.2) as a
// drop-in replacement for github.com/cloudflare/circl/sign/ed448, with named
// verification policies. The group arithmetic is package curve448's.
//
//	pub, priv, err := ed448.GenerateKey(nil) // nil: crypto/rand
//	if err != nil {
//		return err
//	}
//	sig := ed448.Sign(priv, msg, "") // "": no context
//	if !ed448.Verify(pub, msg, sig, "") {
//		return errors.New("bad signature")
//	}
//
// Keep a PrivateKey and sign with the same slice: the expanded key is cached
// per backing array, so a fresh copy of the key (NewKeyFromSeed or a parse
// per signature) pays the expansion again, about twice the time of a
// signature with a reused key.
//
// # Drop-in contract
//
// Every exported name of circl's sign/ed448 exists here with the same
// signature, except Scheme() and the Scheme methods, which return circl's
// sign.Scheme interface (this package does not depend on circl). Keys and
// signatures are byte-identical to circl's for every seed, message and
// context, and Verify accepts exactly what circl's Verify accepts. SHAKE256
// is crypto/sha3's.
//
// Deliberate differences from circl:
//
//   - Signing refuses a PrivateKey whose public half does not match its seed
//     (Sign and SignPh panic, PrivateKey.Sign returns an error): circl signs
//     with whatever public half it is given, and two signatures of one
//     message under two public halves reveal the secret scalar. The check
//     costs one fixed-base multiplication per key, not per signature: the
//     expanded key is cached per PrivateKey backing array. A PrivateKey held
//     outside the Go heap (mmap'd or locked memory, a C allocation) is not
//     cached but expanded on every signature, on the stack, so it signs at
//     about twice the cost and leaves no copy in the Go heap.
//   - PrivateKey.Sign and VerifyAny also accept a *SignerOptions (circl
//     silently drops its context and scheme), and return an error or false
//     for a context over ContextMaxSize bytes or an unknown scheme, where
//     circl's PrivateKey.Sign panics.
//   - PrivateKey.Sign and VerifyAny take only crypto.Hash(0), SignerOptions
//     and *SignerOptions, and refuse every other opts type (Sign with an
//     error naming ed448.SignerOptions, VerifyAny with false), circl's
//     SignerOptions included: this package cannot read circl's type, and
//     circl answers any type it does not know with pure Ed448 and an empty
//     context, which would sign under the wrong domain.
//   - Public, Seed and MarshalBinary of a key of the wrong length return nil
//     (and an error) instead of panicking or copying garbage.
//   - SignerOptions has one more field, Policy, used by VerifyAny.
//   - MarshalPKIXPublicKey, ParsePKIXPublicKey, MarshalPKCS8PrivateKey and
//     ParsePKCS8PrivateKey read and write the RFC 8410 DER forms (which
//     crypto/x509 lacks for Ed448), tested against `openssl pkey`.
//     ParsePKIXPublicKey refuses a key that does not decode as a point.
//   - PublicKeyToX448, SeedToX448 and PrivateKeyToX448 convert Ed448 keys to
//     X448 keys (through the 4-isogeny; tested against circl's dh/x448).
//
// # Verification policies
//
// Implementations disagree on which Ed448 signatures are valid at the
// edges, and systems that verify the same data with two verifiers break when
// they disagree. SignerOptions.Policy names the rule set for VerifyAny;
// Verify and VerifyPh use PolicyDefault. As checklists (k = SHAKE256(dom4 ‖
// R ‖ A ‖ PH(M), 114) mod q over the bytes as received; B the basepoint; q
// the prime group order; all three check the lengths, a context of at most
// 255 bytes, and S < q with the last byte of S zero):
//
//   - PolicyDefault — exactly circl's Verify (v1.6.5): A decoded as circl
//     does, strictly (RFC 8032 §5.2.3: y < p, x = 0 only with the sign bit
//     clear, bits 448–454 zero); R not decoded but compared as bytes with
//     the encoding of [S]B − [k]·A′, where A′ is A without its 4-torsion
//     component (circl computes through the 4-isogeny to the twisted curve
//     and back, which multiplies by 4, and divides the scalars by 4). So a
//     small-order key verifies every signature with S·B = R, and a
//     mixed-order R never verifies.
//   - PolicyOpenSSL — OpenSSL 3.0 (established with `openssl pkeyutl
//     -verify`): A and R decoded strictly (RFC 8032
//     §5.2.3: bits 448–454 zero, y < p, no x = 0 with the sign bit set), and
//     neither may be the identity or (0, −1), the two points with x = 0
//     (OpenSSL's decoder fails on them); cofactored equation [4]([S]B − R −
//     [k]A) = identity, as RFC 8032 §5.2.7 states it. So the points (±1, 0)
//     of order 4 are accepted as A or R.
//   - PolicyStrict — A and R decoded strictly (RFC 8032 §5.2.3); neither of
//     small order (the four points with x·y = 0); cofactorless equation [S]B
//     = R + [k]A, exact in the whole group (torsion components included).
//
// The inputs on which they differ (every row is a test, the Default column
// also checked against circl and the OpenSSL column against the openssl
// command):
//
//	input                                         Default  OpenSSL  Strict
//	honest signature                               accept   accept  accept
//	wrong lengths, context over 255 bytes          reject   reject  reject
//	S ≥ q (e.g. S + q)                             reject   reject  reject
//	A with any of bits 448–454 set                 reject   reject  reject
//	R with any of bits 448–454 set                 reject   reject  reject
//	A = identity or (0, −1), S·B = R               accept   reject  reject
//	A = (1, 0) (order 4), S·B = R                  accept   accept  reject
//	A + T₄ mixed order, k ≡ 2 mod 4                accept   accept  reject
//	A + T₄ mixed order, k ≡ 0 mod 4                accept   accept  accept
//	R + T₂ mixed-order R                           reject   accept  reject
//	R = identity, S = k·a                          accept   reject  reject
//	R = (0, −1), [S]B − [k]A = identity            reject   reject  reject
//	R = (1, 0), [S]B − [k]A = identity             reject   accept  reject
//	R = identity with the sign bit set             reject   reject  reject
//
// No policy is affected by circl's Point.IsEqual bug for Z = 0:
// curve448.Point never has Z = 0 and the default policy compares encodings,
// as circl does. DESIGN.md has the evidence behind each row.
//
// # Guarantees
//
// Signing is constant time in the seed, the secret scalar and the nonce.
// Verification is variable time: its inputs are public. Verify, VerifyPh
// and VerifyAny return false, never panic, on any input. GenerateKey reads
// exactly SeedSize bytes and returns an error, and no key, if the reader
// fails or runs short.
package ed448
