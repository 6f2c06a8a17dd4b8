package p256

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"os"
	"strings"
	"testing"
)

// TestCCTVRFC6979Retry runs C2SP CCTV's RFC 6979 P-256 vector whose first
// candidate k is rejected (step h.3 loops once), a case RFC 6979's own
// vectors never reach: testdata/cctv_rfc6979_p256_retry.txt, in RFC 6979
// Appendix A's format.
func TestCCTVRFC6979Retry(t *testing.T) {
	b, err := os.ReadFile("testdata/cctv_rfc6979_p256_retry.txt")
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]string{}
	var msg string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if m, ok := strings.CutPrefix(line, `With SHA-256, message = "`); ok {
			msg = strings.TrimSuffix(m, `":`)
			continue
		}
		if k, v, ok := strings.Cut(line, " = "); ok {
			fields[k] = v
		}
	}
	for _, k := range []string{"x", "Ux", "Uy", "r", "s"} {
		if fields[k] == "" {
			t.Fatalf("vector file has no %s", k)
		}
	}
	if msg != "wv[vnX" {
		t.Fatalf("message %q", msg)
	}
	priv, err := NewPrivateKey(unhexT(t, fields["x"]))
	if err != nil {
		t.Fatal(err)
	}
	if want := unhexT(t, "04"+fields["Ux"]+fields["Uy"]); !bytes.Equal(priv.PublicKey().Bytes(), want) {
		t.Fatalf("public key %x, want %x", priv.PublicKey().Bytes(), want)
	}
	digest := sha256.Sum256([]byte(msg))
	var r, s [32]byte
	copy(r[:], unhexT(t, fields["r"]))
	copy(s[:], unhexT(t, fields["s"]))
	want := encodeDER(&r, &s)
	sig, err := SignDeterministic(priv, crypto.SHA256, digest[:])
	if err != nil || !bytes.Equal(sig, want) {
		t.Fatalf("SignDeterministic: %x, %v; want %x", sig, err, want)
	}
	sig, err = priv.Sign(nil, digest[:], crypto.SHA256)
	if err != nil || !bytes.Equal(sig, want) {
		t.Fatalf("Sign(nil rand): %x, %v; want %x", sig, err, want)
	}
	if !VerifyASN1(priv.PublicKey(), digest[:], sig) {
		t.Fatal("signature does not verify")
	}
}
