package p256

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"errors"
	"io"
	"math/big"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/randfault"
)

//lint:file-ignore SA1019 the tests build crypto/ecdsa keys with nil or foreign fields through X, Y and D, which is what they check.

// checkErr fails unless err is one line that starts with "p256: " and
// contains every one of want.
func checkErr(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	randfault.CheckMessage(t, "p256: ", what, err, want...)
}

func TestErrorsReader(t *testing.T) {
	randfault.CheckReader(t, "p256: ", "GenerateKey", func(r io.Reader) error {
		_, err := GenerateKey(r)
		return err
	})

	d := make([]byte, 32)
	d[31] = 1
	priv, err := NewPrivateKey(d)
	if err != nil {
		t.Fatal(err)
	}
	digest := sha256.Sum256([]byte("m"))
	_, err = SignASN1(randfault.Fail(), priv, digest[:])
	checkErr(t, "SignASN1(failing reader)", err, "randomness")
	if !errors.Is(err, randfault.ErrFault) {
		t.Errorf("SignASN1(failing reader): %v does not wrap the reader's error", err)
	}
	_, err = SignP1363(randfault.After(make([]byte, 64), 5, true), priv, digest[:])
	checkErr(t, "SignP1363(short reader)", err, "randomness")
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("SignP1363(short reader): %v does not wrap io.ErrUnexpectedEOF", err)
	}
}

func TestErrorsNameValue(t *testing.T) {
	_, err := FromECDSA(nil)
	checkErr(t, "FromECDSA(nil)", err, "nil")
	if strings.Contains(err.Error(), "P-256") {
		t.Errorf("FromECDSA(nil): %q blames the curve", err)
	}
	_, err = FromECDSAPublicKey(nil)
	checkErr(t, "FromECDSAPublicKey(nil)", err, "nil")
	_, err = FromECDH(nil)
	checkErr(t, "FromECDH(nil)", err, "nil")

	k384 := &ecdsa.PrivateKey{D: big.NewInt(1)}
	k384.Curve = elliptic.P384()
	_, err = FromECDSA(k384)
	checkErr(t, "FromECDSA(P-384 key)", err, "P-384")
	if !errors.Is(err, errWrongCurve) {
		t.Errorf("FromECDSA(P-384 key): %v is not errWrongCurve", err)
	}
	_, err = FromECDSAPublicKey(&ecdsa.PublicKey{X: big.NewInt(1), Y: big.NewInt(1)})
	checkErr(t, "FromECDSAPublicKey(no curve)", err, "no curve")
	_, err = FromECDSA(&ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P256()}})
	checkErr(t, "FromECDSA(nil D)", err, "nil D")

	x, err := ecdh.X25519().NewPrivateKey(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromECDH(x)
	checkErr(t, "FromECDH(X25519 key)", err, "X25519")
	if !errors.Is(err, errWrongCurve) {
		t.Errorf("FromECDH(X25519 key): %v is not errWrongCurve", err)
	}
	_, err = FromECDHPublicKey(x.PublicKey())
	checkErr(t, "FromECDHPublicKey(X25519 key)", err, "X25519")
	_, err = FromECDHPublicKey(new(ecdh.PublicKey))
	checkErr(t, "FromECDHPublicKey(zero key)", err, "no curve")

	_, err = NewPrivateKey(make([]byte, 31))
	checkErr(t, "NewPrivateKey(31 bytes)", err, "31", "32")
	_, err = NewPublicKey(make([]byte, 40))
	checkErr(t, "NewPublicKey(40 bytes)", err, "40")
	spki, err := MarshalPKIXPublicKey(x509Key(t))
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParsePKIXPublicKey(append(spki, 0, 0, 0))
	checkErr(t, "ParsePKIXPublicKey(3 trailing bytes)", err, "3 bytes", "trailing")
}

func x509Key(t *testing.T) *PublicKey {
	t.Helper()
	d := make([]byte, 32)
	d[31] = 7
	priv, err := NewPrivateKey(d)
	if err != nil {
		t.Fatal(err)
	}
	return priv.PublicKey()
}
