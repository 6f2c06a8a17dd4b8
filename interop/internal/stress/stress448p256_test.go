package stress_test

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/sha256"
	"fmt"
	"testing"

	circlx448 "github.com/cloudflare/circl/dh/x448"
	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/p256"
)

// firstUse448 builds the curve448 basepoint tables (fixed-base X448, Ed448
// key generation and signing) and the Ed448 verification tables, checking
// against circl; every third goroutine asks BasepointTableOK first, so
// that the decoding and verification race from both entry points.
func firstUse448(g int) error {
	if g%3 == 0 && !curve448.BasepointTableOK() {
		return fmt.Errorf("goroutine %d: curve448 basepoint tables failed their check", g)
	}
	k := append(det(g, "x448"), det(g, "x448b")[:24]...)
	got, err := curve448.X448(k, curve448.Basepoint)
	var ck, cpub circlx448.Key
	copy(ck[:], k)
	circlx448.KeyGen(&cpub, &ck)
	if err != nil || !bytes.Equal(got, cpub[:]) {
		return fmt.Errorf("goroutine %d: fixed-base X448 differs from circl (%v)", g, err)
	}
	seed := append(det(g, "ed448"), det(g, "ed448b")[:25]...)
	sk := ed448.NewKeyFromSeed(seed)
	csk := circled448.NewKeyFromSeed(seed)
	msg := det(g, "msg")
	sig := ed448.Sign(sk, msg, "")
	if !bytes.Equal(sig, circled448.Sign(csk, msg, "")) {
		return fmt.Errorf("goroutine %d: Ed448 signature differs from circl", g)
	}
	pub := ed448.PublicKey(csk.Public().(circled448.PublicKey))
	if !ed448.Verify(pub, msg, sig, "") || ed448.Verify(pub, msg[1:], sig, "") {
		return fmt.Errorf("goroutine %d: Ed448 Verify answers wrongly", g)
	}
	if !curve448.BasepointTableOK() {
		return fmt.Errorf("goroutine %d: curve448 basepoint tables failed their check", g)
	}
	return nil
}

// firstUseP256 builds the P-256 fixed-base table (key generation, signing)
// and whatever verification builds, checking against the standard library;
// as in firstUse448, some goroutines start with BasepointTableOK.
func firstUseP256(g int) error {
	if g%3 == 1 && !p256.BasepointTableOK() {
		return fmt.Errorf("goroutine %d: P-256 basepoint tables failed their check", g)
	}
	d := det(g, "p256")
	priv, err := p256.NewPrivateKey(d)
	spriv, serr := ecdh.P256().NewPrivateKey(d)
	if err != nil || serr != nil {
		return fmt.Errorf("goroutine %d: NewPrivateKey: %v, %v", g, err, serr)
	}
	if !bytes.Equal(priv.PublicKey().Bytes(), spriv.PublicKey().Bytes()) {
		return fmt.Errorf("goroutine %d: P-256 public key differs from crypto/ecdh", g)
	}
	digest := det(g, "digest")
	sig, err := p256.SignDeterministic(priv, crypto.SHA256, digest)
	sk, _ := priv.ToECDSA()
	want, serr := sk.Sign(nil, digest, crypto.SHA256)
	if err != nil || serr != nil || !bytes.Equal(sig, want) {
		return fmt.Errorf("goroutine %d: P-256 signature differs from crypto/ecdsa (%v, %v)", g, err, serr)
	}
	if !p256.VerifyASN1(priv.PublicKey(), digest, sig) || p256.VerifyASN1(priv.PublicKey(), digest[1:], sig) {
		return fmt.Errorf("goroutine %d: P-256 VerifyASN1 answers wrongly", g)
	}
	if !p256.BasepointTableOK() {
		return fmt.Errorf("goroutine %d: P-256 basepoint tables failed their check", g)
	}
	return nil
}

// TestSharedKeys448P256: goroutines share one X448 PrivateKey, one Ed448
// PrivateKey and PublicKey, and one P-256 PrivateKey and PublicKey, checking
// every result against circl or the standard library.
func TestSharedKeys448P256(t *testing.T) {
	xk := append(det(0, "shared448"), det(1, "shared448")[:24]...)
	xpriv, err := curve448.NewPrivateKey(xk)
	if err != nil {
		t.Fatal(err)
	}
	var cxk circlx448.Key
	copy(cxk[:], xk)

	seed := append(det(0, "shared-ed448"), det(1, "shared-ed448")[:25]...)
	esk := ed448.NewKeyFromSeed(seed)
	csk := circled448.NewKeyFromSeed(seed)
	epub := ed448.PublicKey(csk.Public().(circled448.PublicKey))

	ppriv, err := p256.NewPrivateKey(det(0, "shared-p256"))
	if err != nil {
		t.Fatal(err)
	}
	sppriv, _ := ecdh.P256().NewPrivateKey(det(0, "shared-p256"))
	ppub := ppriv.PublicKey()
	sppub, _ := ppub.ToECDSA()

	run(t, func(g int) error {
		for i := 0; i < iterations(); i++ {
			pk := append(det(g*1000+i, "peer448"), det(g*1000+i, "peer448b")[:24]...)
			var cpk, cpeer, cshared circlx448.Key
			copy(cpk[:], pk)
			circlx448.KeyGen(&cpeer, &cpk)
			peer, _ := curve448.NewPublicKey(cpeer[:])
			got, err := xpriv.ECDH(peer)
			circlx448.Shared(&cshared, &cxk, &cpeer)
			if err != nil || !bytes.Equal(got, cshared[:]) {
				return fmt.Errorf("goroutine %d: shared X448 key differs from circl (%v)", g, err)
			}

			msg := det(g*1000+i, "m448")
			want := circled448.Sign(csk, msg, "c")
			s, err := esk.Sign(nil, msg, &ed448.SignerOptions{Context: "c"})
			if err != nil || !bytes.Equal(s, want) {
				return fmt.Errorf("goroutine %d: shared Ed448 PrivateKey: %v", g, err)
			}
			if !ed448.Verify(epub, msg, want, "c") || ed448.Verify(epub, msg, want, "d") {
				return fmt.Errorf("goroutine %d: shared Ed448 PublicKey answers wrongly", g)
			}

			d := det(g*1000+i, "p256peer")
			speer, err := ecdh.P256().NewPrivateKey(d)
			if err != nil {
				return err
			}
			pp, err := p256.NewPublicKey(speer.PublicKey().Bytes())
			if err != nil {
				return err
			}
			got, err = ppriv.ECDH(pp)
			exp, serr := sppriv.ECDH(speer.PublicKey())
			if err != nil || serr != nil || !bytes.Equal(got, exp) {
				return fmt.Errorf("goroutine %d: shared P-256 ECDH differs from crypto/ecdh (%v, %v)", g, err, serr)
			}
			h := sha256.Sum256(msg)
			sig, err := p256.SignASN1(bytes.NewReader(d), ppriv, h[:])
			if err != nil || !ecdsa.VerifyASN1(sppub, h[:], sig) {
				return fmt.Errorf("goroutine %d: shared P-256 key: signature rejected by crypto/ecdsa (%v)", g, err)
			}
			if !p256.VerifyASN1(ppub, h[:], sig) || p256.VerifyASN1(ppub, h[1:], sig) {
				return fmt.Errorf("goroutine %d: shared P-256 PublicKey answers wrongly", g)
			}
		}
		return nil
	})
}
