package curve448_test

import (
	"encoding/pem"
	"fmt"
	"os"

	"github.com/curvekit/curvekit/curve448"
)

// The keys are Wycheproof's x448_pem_test case 1; its expected shared
// secret is the output.
const (
	examplePrivatePEM = `-----BEGIN PRIVATE KEY-----
MEYCAQAwBQYDK2VvBDoEOOQcY9UVnIneEhY/3p0Ezx9DDzRriywfKksfWu5j0Xrs
KdSx3r+LZFfngJ0rFf+Xecl77LBLgk76
-----END PRIVATE KEY-----
`
	examplePeerPEM = `-----BEGIN PUBLIC KEY-----
MEIwBQYDK2VvAzkA+Ac/wByDWDYsCHQMkUtBmEfvHkCfTkDZRA/rwm8AVRrbHDfG
wqh9goO4y0U+kooNQnk/colOD4E=
-----END PUBLIC KEY-----
`
)

// A private key written by `openssl genpkey -algorithm X448` and a peer's
// public key in PEM are parsed and agree on a shared secret.
func ExampleParsePKCS8PrivateKey() {
	block, _ := pem.Decode([]byte(examplePrivatePEM))
	priv, err := curve448.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	block, _ = pem.Decode([]byte(examplePeerPEM))
	peer, err := curve448.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	shared, err := priv.ECDH(peer)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", shared)
	// Output: acd496ceb5f68bf9c267196b405f59701a40ec88744b7e5e60bf8f81e8b13df448efe402001750edb0b695a0512f08c572a2e356493d170b
}

// The public key of a private key is written as PEM, as `openssl pkey
// -pubout` writes it.
func ExampleMarshalPKIXPublicKey() {
	block, _ := pem.Decode([]byte(examplePrivatePEM))
	priv, err := curve448.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	der, err := curve448.MarshalPKIXPublicKey(priv.PublicKey())
	if err != nil {
		panic(err)
	}
	pem.Encode(os.Stdout, &pem.Block{Type: "PUBLIC KEY", Bytes: der})
	// Output:
	// -----BEGIN PUBLIC KEY-----
	// MEIwBQYDK2VvAzkAn8reRKc6u+q75p7HOa680egVNTGrojRhylvq1hUlanZPX+Dn
	// cBpPGGzwsoRMC7Iplq5nMlrjXig=
	// -----END PUBLIC KEY-----
}

// A key goes to disk as PKCS #8 PEM, the form OpenSSL and other X448
// implementations read, and comes back equal.
func ExampleMarshalPKCS8PrivateKey() {
	priv, err := curve448.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	der, err := curve448.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		panic(err)
	}
	text := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	block, _ := pem.Decode(text)
	back, err := curve448.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Equal(priv))
	// Output: true
}

// A peer's public key arrives as PEM and is checked before use: anything
// but an X448 SubjectPublicKeyInfo, here an X25519 one, is an error.
func ExampleParsePKIXPublicKey() {
	block, _ := pem.Decode([]byte(examplePeerPEM))
	peer, err := curve448.ParsePKIXPublicKey(block.Bytes)
	fmt.Println(len(peer.Bytes()), err)
	x25519Key := []byte{0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00,
		9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	_, err = curve448.ParsePKIXPublicKey(x25519Key)
	fmt.Println(err)
	// Output:
	// 56 <nil>
	// curve448: invalid PKIX public key: algorithm is not X448 (OID 1.3.101.111)
}
