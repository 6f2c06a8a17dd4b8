package ecdsa

// ParseDER parses SEQUENCE { r INTEGER, s INTEGER } with the rules of
// crypto/ecdsa (golang.org/x/crypto/cryptobyte's ReadASN1 and
// ReadASN1Integer): one-byte tags, definite lengths in the shortest form,
// INTEGERs minimally encoded and non-negative, nothing after the SEQUENCE
// or inside it after s. r and s are returned as Size bytes big-endian; a
// value longer than that is rejected, as crypto/ecdsa rejects it.
func (p *Params) ParseDER(sig []byte) (r, s Int, ok bool) {
	inner, rest, ok := readTLV(sig, 0x30)
	if !ok || len(rest) != 0 {
		return r, s, false
	}
	rb, inner, ok := readTLV(inner, 0x02)
	if !ok || !integerTo(rb, r[:p.Size]) {
		return r, s, false
	}
	sb, inner, ok := readTLV(inner, 0x02)
	if !ok || !integerTo(sb, s[:p.Size]) || len(inner) != 0 {
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

// integerTo checks a minimal non-negative INTEGER encoding and writes its
// value into out, right-aligned; values longer than out fail.
func integerTo(b []byte, out []byte) bool {
	if len(b) == 0 || b[0]&0x80 != 0 {
		return false
	}
	if len(b) > 1 && b[0] == 0 && b[1]&0x80 == 0 {
		return false
	}
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	if len(b) > len(out) {
		return false
	}
	clear(out)
	copy(out[len(out)-len(b):], b)
	return true
}

// EncodeDER encodes SEQUENCE { r, s } for r and s of Size bytes
// big-endian; the SEQUENCE's length takes the long form past 127 bytes
// (P-521).
func (p *Params) EncodeDER(r, s *Int) []byte {
	ri, si := derInteger(r[:p.Size]), derInteger(s[:p.Size])
	out := make([]byte, 0, 3+len(ri)+len(si))
	n := len(ri) + len(si)
	if n < 128 {
		out = append(out, 0x30, byte(n))
	} else {
		out = append(out, 0x30, 0x81, byte(n))
	}
	out = append(out, ri...)
	return append(out, si...)
}

func derInteger(b []byte) []byte {
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
