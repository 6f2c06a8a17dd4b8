package p256

import "github.com/curvekit/curvekit/internal/ecdsa"

// parseDER parses a DER signature SEQUENCE { r, s } with crypto/ecdsa's
// rules (internal/ecdsa's ParseDER), r and s 32 bytes big-endian.
func parseDER(sig []byte) (r, s [32]byte, ok bool) {
	ri, si, ok := ecdsaParams.ParseDER(sig)
	return [32]byte(ri[:32]), [32]byte(si[:32]), ok
}

// encodeDER encodes SEQUENCE { r, s } for 32-byte big-endian r and s.
func encodeDER(r, s *[32]byte) []byte {
	var ri, si ecdsa.Int
	copy(ri[:], r[:])
	copy(si[:], s[:])
	return ecdsaParams.EncodeDER(&ri, &si)
}
