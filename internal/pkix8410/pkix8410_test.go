package pkix8410

import (
	"bytes"
	"strings"
	"testing"
)

// TestLongLengths runs keys long enough for one- and two-byte DER lengths
// through both encodings, which X25519 and X448 keys never reach.
func TestLongLengths(t *testing.T) {
	for _, size := range []int{1, 100, 126, 127, 128, 200, 300} {
		a := Algorithm{Name: "Test", Arc: 110, Size: size}
		key := bytes.Repeat([]byte{0xa5}, size)
		got, err := ParseSPKI(a, MarshalSPKI(a, key))
		if err != nil || !bytes.Equal(got, key) {
			t.Errorf("size %d: SPKI round trip: %v", size, err)
		}
		priv, pub, err := ParsePKCS8(a, MarshalPKCS8(a, key))
		if err != nil || !bytes.Equal(priv, key) || pub != nil {
			t.Errorf("size %d: PKCS #8 round trip: %v", size, err)
		}
		other := Algorithm{Name: "Other", Arc: 111, Size: size}
		if _, err := ParseSPKI(other, MarshalSPKI(a, key)); err == nil || !strings.Contains(err.Error(), "1.3.101.111") {
			t.Errorf("size %d: wrong algorithm: %v", size, err)
		}
	}
}

// TestNextRejects checks the DER element reader on lengths it must refuse.
func TestNextRejects(t *testing.T) {
	for _, in := range [][]byte{
		nil,
		{0x30},
		{0x1f, 0x00},             // multi-byte tag
		{0x30, 0x80},             // indefinite length
		{0x30, 0x81, 0x7f},       // non-minimal one-byte length
		{0x30, 0x82, 0x00, 0xff}, // non-minimal two-byte length
		{0x30, 0x83, 0x01, 0x00, 0x00},
		{0x30, 0x02, 0x00}, // truncated
	} {
		if _, _, _, err := next(in); err == nil {
			t.Errorf("next(%x) succeeded", in)
		}
	}
}
