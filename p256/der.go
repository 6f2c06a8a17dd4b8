package p256

import "errors"

var errDER = errors.New("p256: invalid ASN.1 ECDSA signature")

// parseDER parses SEQUENCE { r INTEGER, s INTEGER } with the rules of
// crypto/ecdsa (golang.org/x/crypto/cryptobyte's ReadASN1 and
// ReadASN1Integer): one-byte tags, definite lengths in the shortest form,
// INTEGERs minimally encoded and non-negative, nothing after the SEQUENCE
// or inside it after s. r and s are returned as 32 bytes big-endian; a
// value longer than that is rejected, as crypto/ecdsa rejects it.
func parseDER(sig []byte) (r, s [32]byte, ok bool) {
	inner, rest, ok := readTLV(sig, 0x30)
	if !ok || len(rest) != 0 {
		return r, s, false
	}
	rb, inner, ok := readTLV(inner, 0x02)
	if !ok || !integerTo32(rb, &r) {
		return r, s, false
	}
	sb, inner, ok := readTLV(inner, 0x02)
	if !ok || !integerTo32(sb, &s) || len(inner) != 0 {
		return r, s, false
	}
	return r, s, true
}

// readTLV reads one element with the given tag, returning its contents and
// what follows it.
func readTLV(b []byte, tag byte) (contents, rest []byte, ok bool) {
	if len(b) < 2 || b[0] != tag {
		return nil, nil, false
	}
	n := int(b[1])
	hdr := 2
	if n&0x80 != 0 {
		lenLen := n & 0x7f
		// Long form: 1 to 4 length bytes, no leading zero, value ≥ 128.
		if lenLen == 0 || lenLen > 4 || len(b) < 2+lenLen || b[2] == 0 {
			return nil, nil, false
		}
		n = 0
		for _, c := range b[2 : 2+lenLen] {
			n = n<<8 | int(c)
		}
		if n < 128 || n < 0 {
			return nil, nil, false
		}
		hdr += lenLen
	}
	if n > len(b)-hdr {
		return nil, nil, false
	}
	return b[hdr : hdr+n], b[hdr+n:], true
}

// integerTo32 checks a minimal non-negative INTEGER encoding and writes
// its value into out, right-aligned; values over 32 bytes fail.
func integerTo32(b []byte, out *[32]byte) bool {
	if len(b) == 0 || b[0]&0x80 != 0 {
		return false
	}
	if len(b) > 1 && b[0] == 0 && b[1]&0x80 == 0 {
		return false
	}
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	if len(b) > 32 {
		return false
	}
	*out = [32]byte{}
	copy(out[32-len(b):], b)
	return true
}

// encodeDER encodes SEQUENCE { r, s } for 32-byte big-endian r and s.
func encodeDER(r, s *[32]byte) []byte {
	ri, si := derInteger(r), derInteger(s)
	out := make([]byte, 0, 2+len(ri)+len(si))
	out = append(out, 0x30, byte(len(ri)+len(si)))
	out = append(out, ri...)
	return append(out, si...)
}

func derInteger(v *[32]byte) []byte {
	b := v[:]
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	out := []byte{0x02, byte(len(b))}
	if b[0]&0x80 != 0 {
		out[1]++
		out = append(out, 0)
	}
	return append(out, b...)
}
