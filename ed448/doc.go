// Package ed448 implements Ed448 and Ed448ph (RFC 8032, Section 5.2) as a
// drop-in replacement for github.com/cloudflare/circl/sign/ed448, with named
// verification policies.
package ed448
