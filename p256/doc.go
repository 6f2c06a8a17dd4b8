// Package p256 implements ECDSA and ECDH on the NIST P-256 curve
// (secp256r1, prime256v1), interoperable with crypto/ecdsa, crypto/ecdh,
// crypto/x509 and OpenSSL.
//
//	priv, err := p256.GenerateKey(nil) // nil: crypto/rand
//	if err != nil {
//		return err
//	}
//	digest := sha256.Sum256(msg)
//	sig, err := p256.SignASN1(nil, priv, digest[:]) // DER, as crypto/ecdsa.SignASN1
//	if err != nil {
//		return err
//	}
//	if !p256.VerifyASN1(priv.PublicKey(), digest[:], sig) {
//		return errors.New("bad signature")
//	}
//
// ECDH, with the peer's SEC 1 public key peerBytes:
//
//	peer, err := p256.NewPublicKey(peerBytes) // SEC 1, 65 or 33 bytes
//	if err != nil {
//		return nil, nil, err
//	}
//	shared, err = priv.ECDH(peer)
//
// Keys are PrivateKey and PublicKey. Encodings follow SEC 1 and are
// big-endian: 32-byte private scalars, 65-byte uncompressed public keys
// (0x04‖x‖y, as crypto/ecdh) and, unlike crypto/ecdh, 33-byte compressed
// ones (BytesCompressed), which NewPublicKey also accepts. Decoding
// rejects the point at infinity, coordinates ≥ p, points off the curve and
// every other length.
//
// # ECDSA
//
// SignASN1 and VerifyASN1 work on DER signatures exactly as crypto/ecdsa's
// functions of the same names (the same DER rules: minimal positive
// INTEGERs, shortest definite lengths, no trailing data); SignP1363 and
// VerifyP1363 use the fixed 64-byte r‖s form. Digests of any length are
// truncated to 256 bits (SEC 1 §4.1.3). Verification accepts both s and
// n − s, as the standard library does; VerifyASN1LowS and NormalizeLowS
// serve protocols that insist on low S.
//
// Signatures are hedged: SignASN1 mixes 32 bytes from the reader it is
// given into an RFC 6979 derivation from the key and digest. It uses that
// reader, where Go 1.26's crypto/ecdsa ignores any reader but its own
// unless GODEBUG=cryptocustomrand=1. *PrivateKey is a crypto.Signer whose
// Public method returns an *ecdsa.PublicKey, so crypto/x509 and crypto/tls
// take it; Sign with a nil reader is deterministic RFC 6979 with the hash
// of opts, as crypto/ecdsa has done since Go 1.24.
//
// # ECDH
//
// PrivateKey.ECDH returns the 32-byte x-coordinate of the shared point,
// as crypto/ecdh's ECDH does.
//
// # Key files and the standard library's keys
//
// MarshalPKIXPublicKey, MarshalPKCS8PrivateKey and MarshalSEC1PrivateKey
// write what crypto/x509 writes ("PUBLIC KEY", "PRIVATE KEY" and
// "EC PRIVATE KEY" PEM blocks); the Parse functions read them and OpenSSL's,
// compressed public points included, and MarshalPKIXPublicKeyCompressed
// writes OpenSSL's compressed form. ToECDSA, ToECDH and the From
// functions convert keys, and Equal compares a key with its crypto/ecdsa or
// crypto/ecdh counterpart.
//
// # Guarantees
//
// Everything that touches a private key or nonce runs in constant time:
// signed fixed windows with full table scans, Jacobian doublings (which
// have no exceptional input on P-256), additions that are either complete
// (Renes, Costello and Batina 2016, a = −3) or incomplete only where the
// exceptional inputs cannot occur, the identity being handled by
// constant-time selects, and constant-time inversions. (The conversions to
// and from crypto/ecdsa keys go through math/big, as those keys do.)
// Verification is variable time (its inputs are public) and says so. Zero
// values and nil keys fail closed: signing and key agreement return
// errors and verification false; no input makes a function panic.
//
// # Basepoint tables
//
// The generator's tables are generated data (package tables, computed with
// math/big by internal/gen/tables), decoded on first use and verified
// before any is used: every coordinate canonical, every entry the multiple
// of G it stands for (checked by induction from G with the group law), and
// the table-based multiplications equal to the table-free one on fixed
// scalars. BasepointTableOK reports the outcome; if the check fails, the
// package multiplies G without the tables (slower, still constant time
// where a secret is involved). The check runs once per process. The point formulas' assembly is checked against the
// Go code on fixed inputs before its first use; if it disagrees, it is
// switched off, the Go code gives the same results, and FastPathFailures
// names it.
//
// The group itself is not exported; see DESIGN.md for its structure.
package p256
