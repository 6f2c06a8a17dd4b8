// Package p384 implements ECDSA and ECDH on the NIST P-384 curve (SEC 2,
// Section 2.5.1; FIPS 186-5), with the API of package p256: hedged and
// RFC 6979 signing, ASN.1 DER and IEEE P1363 signatures, the low-S form,
// SEC 1 point encodings (uncompressed and compressed), PKIX, PKCS #8 and
// SEC 1 private keys, and conversions to and from crypto/ecdsa and
// crypto/ecdh keys.
//
// Everything but this file is generated from the curve registry
// (internal/gen): the group code from the Weierstrass templates P-256 is
// stamped from too, the field arithmetic (fieldarith/fieldp384,
// fieldarith/scalarp384) from the Montgomery-field template, and ECDSA is
// internal/ecdsa. Every operation on secrets is constant time; the
// verification paths are variable time on public inputs. The code is Go
// on every architecture (no point or field assembly yet).
package p384
