// Package ed25519 implements Ed25519, Ed25519ctx and Ed25519ph (RFC 8032) as
// a drop-in replacement for the standard library's crypto/ed25519, with
// named verification policies, Tor's v3 onion-service key blinding, and
// conversions between Ed25519 and X25519 keys.
//
//	pub, priv, err := ed25519.GenerateKey(nil) // nil: crypto/rand
//	if err != nil {
//		return err
//	}
//	sig := ed25519.Sign(priv, msg)
//	if !ed25519.Verify(pub, msg, sig) {
//		return errors.New("bad signature")
//	}
//
// Keep a PrivateKey and sign with the same slice: the expanded key is cached
// per backing array, so a fresh copy of the key (NewKeyFromSeed or a parse
// per signature) pays the expansion again, at least twice the time of a
// signature with a reused key.
//
// # Drop-in contract
//
// Every exported name of crypto/ed25519 exists here with the same signature,
// and a program that swaps the import compiles unchanged and produces
// byte-identical keys and signatures. [Options] has one more field, Policy;
// struct literals with field names still compile. [PrivateKey.Sign] with
// crypto.Hash(0) is Ed25519, with crypto.SHA512 Ed25519ph, and with a
// non-empty [Options.Context] and crypto.Hash(0) Ed25519ctx; it reads the
// context of crypto/ed25519's *Options as well as this package's, so a key
// handed to code written for crypto/ed25519 signs exactly the bytes
// crypto/ed25519 would, for every opts value (tests compare the two through
// a crypto.Signer).
//
// Where the drop-in ends: [PublicKey] is crypto/ed25519.PublicKey itself (an
// alias), so public keys pass unconverted between the two packages and to
// crypto/x509 (MarshalPKIXPublicKey, ParsePKIXPublicKey, certificates),
// crypto/tls and golang.org/x/crypto/ssh. [PrivateKey] is a type of its own
// (its methods are this package's); it is a [crypto.Signer] whose Public
// method returns a crypto/ed25519.PublicKey, so x509.CreateCertificate,
// tls.Certificate.PrivateKey and ssh.NewSignerFromSigner take it
// unconverted and sign with this package's code. What inspects the private
// key's type — x509.MarshalPKCS8PrivateKey, x509.ParsePKCS8PrivateKey (it
// returns a crypto/ed25519.PrivateKey), ssh.MarshalPrivateKey — needs
// [MarshalPKCS8PrivateKey] / [ParsePKCS8PrivateKey] or a plain conversion
// (stded25519.PrivateKey(priv), PrivateKey(stdPriv)); see the x509 example.
// PrivateKey.Equal accepts private keys of either package. (A type switch
// with a case for each package's PublicKey is now a duplicate case.)
//
// Deliberate differences from crypto/ed25519:
//
//   - [Verify] and [VerifyWithOptions] return false / an error for a public
//     key that is not 32 bytes; crypto/ed25519 panics.
//   - Signing checks that the public half of a [PrivateKey] matches its seed
//     and refuses (Sign panics, PrivateKey.Sign returns an error) if not.
//     crypto/ed25519 signs with whatever public half it is given, and two
//     signatures of one message under two public halves reveal the secret
//     scalar. The check costs one fixed-base multiplication per key, not per
//     signature: the expanded key is cached per PrivateKey backing array, as
//     crypto/ed25519 caches it.
//   - A PrivateKey held outside the Go heap (mmap'd or locked memory, a C
//     allocation) signs like any other; it is not cached but expanded on
//     every signature, on the stack, so it costs about twice a cached
//     signature and leaves no copy in the Go heap. crypto/ed25519 (Go 1.25
//     and later) aborts the process on such a key with "fatal error:
//     getWeakHandle on invalid pointer".
//   - GenerateKey wraps a failing reader's error ("ed25519: reading
//     randomness: ..."; errors.Is finds the reader's); crypto/ed25519
//     returns it as is.
//   - GenerateKey(nil) reads crypto/rand.Reader.
//   - [PrivateKey.Public] and [PrivateKey.Seed] return nil for a key that
//     is not 64 bytes, and [PrivateKey.Sign] returns an error for a nil
//     crypto.SignerOpts or a nil *crypto/ed25519.Options; crypto/ed25519
//     panics. A nil *[Options] is the zero Options everywhere.
//
// # Zero values and nil
//
// The package fails closed. The zero value and a nil pointer of
// [ExpandedPublicKey] and [ExpandedPrivateKey] are not keys: verification
// with them returns false or an error, signing an error, Equal false, and
// their accessors return nil. Only the constructors make usable keys. The
// only panics are the programming errors crypto/ed25519 documents as
// panics: [NewKeyFromSeed] with a seed that is not 32 bytes and [Sign] with
// a malformed private key.
//
// # Verification policies
//
// Implementations disagree on which signatures are valid at the edges, and
// systems that verify the same data with two verifiers break when they
// disagree. [Options.Policy] names the rule set; verification without
// Options uses PolicyDefault. As checklists (k = SHA-512(dom ‖ R ‖ A ‖ M)
// over the bytes as received, B the basepoint, ℓ the group order):
//
//   - [PolicyDefault] — exactly crypto/ed25519: lengths checked; S < ℓ; A
//     decoded leniently; R not decoded, but the encoding of [S]B − [k]A must
//     equal R's bytes (so a non-canonical R fails); cofactorless.
//   - [PolicyZIP215] — Zcash ZIP-215 (as github.com/hdevalence/ed25519consensus):
//     A and R decoded leniently (every non-canonical encoding accepted,
//     including x = 0 with the sign bit set); S < ℓ; cofactored equation
//     [8]([S]B − R − [k]A) = identity.
//   - [PolicyStrict] — libsodium-like: A and R canonical (RFC 8032 §5.1.3);
//     neither A nor R of small order; S < ℓ; cofactorless as PolicyDefault.
//
// The inputs on which they differ (every row is a test in policy_test.go):
//
//	input                                               Default  ZIP215  Strict
//	honest signature                                     accept  accept  accept
//	wrong length of A or signature                       reject  reject  reject
//	S ≥ ℓ (e.g. S + ℓ)                                   reject  reject  reject
//	A or R not a curve point                             reject  reject  reject
//	A non-canonical (y ≥ p, or x = 0 with sign bit)      accept  accept  reject
//	A of small order (e.g. the identity, order 2)        accept  accept  reject
//	A with a small-order component, equation exact       accept  accept  accept
//	R non-canonical                                      reject  accept  reject
//	R of small order (canonical), equation exact         accept  accept  reject
//	equation holds only after multiplying by 8           reject  accept  reject
//	A = identity, R = identity, S = 0, any message       accept  accept  reject
//
// ("accept" means: accepted when the rest of the checklist passes.) The
// policies apply to Ed25519ctx and Ed25519ph in the same way; ZIP-215 itself
// only defines pure Ed25519.
//
// Verification is variable time (it only sees public data); it runs the
// module's internal ed25519core code, which package batch runs too, so that
// a batch entry gets this package's answer. [ExpandedPublicKey] keeps a
// decoded key and its tables (about 4 KiB) for verifying many signatures
// under one key. DESIGN.md in the package's source directory has the
// algorithm and the evidence behind the policy table.
//
// # Tor
//
// [TorTimePeriod], [TorBlindingFactor], [BlindPublicKey] and
// [ExpandedPrivateKey.Blind] implement key blinding as rend-spec-v3 appendix
// A.2, C tor (its default ed25519-donna backend) and arti define it: A' =
// (clamp(h) mod ℓ)·A, which keeps a torsion component of A; a' = clamp(h)·a
// mod ℓ; RH' = SHA-512("Derive temporary signing key hash input" ‖ RH)[:32].
// [ExpandedPrivateKey] signs with keys that only exist in expanded form.
// [PublicKeyToX25519], [SeedToX25519], [PublicKeyFromX25519] and
// [NewExpandedPrivateKeyFromX25519] convert between Ed25519 and X25519 keys,
// as Tor's ntor-onion-key cross-certificates need.
//
// # Constant time
//
// Key generation, signing, blinding and the private-key conversions are
// constant time in secret data: fixed-base and variable-base multiplications
// by secret scalars use the group's constant-time methods, and the only
// branches are on public lengths and options.
package ed25519
