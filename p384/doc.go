// Package p384 implements ECDSA and ECDH on the NIST P-384 curve
// (secp384r1), interoperable with crypto/ecdsa, crypto/ecdh, crypto/x509
// and OpenSSL.
//
//	priv, err := p384.GenerateKey(nil) // nil: crypto/rand
//	if err != nil {
//		return err
//	}
//	digest := sha512.Sum384(msg)
//	sig, err := p384.SignASN1(nil, priv, digest[:]) // DER, as crypto/ecdsa.SignASN1
//	if err != nil {
//		return err
//	}
//	if !p384.VerifyASN1(priv.PublicKey(), digest[:], sig) {
//		return errors.New("bad signature")
//	}
//
// Key agreement with a peer's SEC 1 public key peerBytes:
//
//	peer, err := p384.NewPublicKey(peerBytes) // SEC 1, 97 or 49 bytes
//	if err != nil {
//		return nil, nil, err
//	}
//	shared, err = priv.ECDH(peer)
//
// The API is package p256's with P-384's sizes: PrivateKey and PublicKey;
// 48-byte big-endian private scalars; SEC 1 public keys of 97 bytes
// (0x04‖x‖y, what crypto/ecdh reads and writes) or 49 bytes compressed
// (BytesCompressed, accepted by NewPublicKey; crypto/ecdh has no
// compressed form). The point at infinity, coordinates ≥ p, points off
// the curve and any other length are refused.
//
// SignASN1/VerifyASN1 take and give DER with crypto/ecdsa's rules, and
// SignP1363/VerifyP1363 the 96-byte r‖s form; VerifyASN1LowS and
// NormalizeLowS are for protocols that demand low S. Digests longer than
// 384 bits are truncated (SEC 1 §4.1.3). Signing is hedged: 48 bytes from
// the caller's reader are mixed into the RFC 6979 derivation. *PrivateKey
// is a crypto.Signer (Public returns an *ecdsa.PublicKey) that crypto/x509
// and crypto/tls accept; with a nil reader Sign is plain RFC 6979 under
// the hash opts names. PrivateKey.ECDH returns the 48-byte x-coordinate of
// the shared point, as crypto/ecdh does.
//
// Key files: MarshalPKIXPublicKey, MarshalPKCS8PrivateKey and
// MarshalSEC1PrivateKey write crypto/x509's bytes, the Parse functions
// read those and OpenSSL's (compressed points too), and ToECDSA, ToECDH
// and the From functions convert to and from the standard library's keys.
//
// Everything but this file is generated from the curve registry
// (internal/gen): the group code from the Weierstrass templates that
// P-256 is stamped from too, the field arithmetic (fieldarith/fieldp384,
// fieldarith/scalarp384) from the Montgomery-field template, and ECDSA is
// internal/ecdsa. Every operation on secrets is constant time; the
// verification paths are variable time on public inputs. Zero values and
// nil keys fail closed, and no input makes a function panic. The basepoint
// tables are checked on first use, and BasepointTableOK reports the
// outcome (the package falls back to table-free multiplication if the
// check fails). On amd64 with BMI2 and ADX the point formulas run
// assembly, which Assembly names; it is checked against the Go code on
// fixed inputs before its first use, and if it disagrees it is switched
// off, the Go code gives the same results, and FastPathFailures names it.
// The field assembly is reported by fieldp384.Assembly and
// scalarp384.Assembly.
package p384
