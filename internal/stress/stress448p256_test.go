package stress

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"fmt"

	"github.com/curvekit/curvekit/p256"
)

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
