package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"math/big"
	"net"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/curvekit/curvekit/ed25519"
)

// TestTLSAndSSH uses a curvekit key, unconverted, as a TLS server's
// certificate key and as an SSH signer.
func TestTLSAndSSH(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		DNSNames:     []string{"curvekit.test"},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, priv.Public(), priv)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	for _, version := range []uint16{tls.VersionTLS12, tls.VersionTLS13} {
		c, s := net.Pipe()
		server := tls.Server(s, &tls.Config{
			Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: priv}},
			MinVersion:   version,
			MaxVersion:   version,

			SessionTicketsDisabled: true, // nothing left unread on the pipe
		})
		client := tls.Client(c, &tls.Config{RootCAs: roots, ServerName: "curvekit.test", MinVersion: version, MaxVersion: version})
		errc := make(chan error, 1)
		go func() { errc <- server.Handshake() }()
		if err := client.Handshake(); err != nil {
			t.Errorf("TLS %x client handshake: %v", version, err)
		}
		if err := <-errc; err != nil {
			t.Errorf("TLS %x server handshake: %v", version, err)
		}
		if st := client.ConnectionState(); st.HandshakeComplete && st.PeerCertificates[0].PublicKeyAlgorithm != x509.Ed25519 {
			t.Errorf("TLS %x: peer key %v", version, st.PeerCertificates[0].PublicKeyAlgorithm)
		}
		c.Close()
		s.Close()
	}

	signer, err := ssh.NewSignerFromSigner(priv)
	if err != nil {
		t.Fatalf("ssh.NewSignerFromSigner: %v", err)
	}
	if signer.PublicKey().Type() != ssh.KeyAlgoED25519 {
		t.Errorf("ssh key type %s", signer.PublicKey().Type())
	}
	sig, err := signer.Sign(rand.Reader, []byte("ssh data"))
	if err != nil || signer.PublicKey().Verify([]byte("ssh data"), sig) != nil {
		t.Errorf("ssh signature: %v", err)
	}
	if _, err := ssh.NewPublicKey(priv.Public()); err != nil {
		t.Errorf("ssh.NewPublicKey: %v", err)
	}
	// ssh.MarshalPrivateKey inspects the key's type: it needs a conversion.
	if _, err := ssh.MarshalPrivateKey(priv, ""); err == nil {
		t.Error("ssh.MarshalPrivateKey took a curvekit PrivateKey: update the docs")
	}
	if _, err := ssh.MarshalPrivateKey(stded25519.PrivateKey(priv), ""); err != nil {
		t.Errorf("ssh.MarshalPrivateKey after conversion: %v", err)
	}
}
