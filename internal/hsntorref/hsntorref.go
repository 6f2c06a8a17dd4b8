// Package hsntorref is an independent hs-ntor (rend-spec-v3,
// [NTOR-WITH-EXTRA-DATA]) on the standard library only — crypto/ecdh's
// X25519, crypto/sha3 and crypto/aes — written from the specification and
// sharing no code with handshake/hsntor. It is the differential oracle of
// handshake/hsntor's tests and the baseline of its benchmarks; it is not
// part of the library.
//
// It is written the plain way: byte slices built by append, the MAC and KDF
// straight from their definitions. Like handshake/hsntor (and arti) the
// client keeps EXP(B, x) from the introduction for the rendezvous step, so
// both do the same number of X25519 operations.
package hsntorref

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hmac"
	cryptorand "crypto/rand"
	"crypto/sha3"
	"encoding/binary"
	"errors"
	"io"
)

const (
	protoid   = "tor-hs-ntor-curve25519-sha3-256-1"
	tHsenc    = protoid + ":hs_key_extract"
	tHsverify = protoid + ":hs_verify"
	tHsmac    = protoid + ":hs_mac"
	mHsexpand = protoid + ":hs_key_expand"
)

// Errors (the reference only needs to say that something failed).
var (
	ErrLength = errors.New("hsntorref: bad length")
	ErrPoint  = errors.New("hsntorref: low-order point")
	ErrMAC    = errors.New("hsntorref: MAC mismatch")
)

// MAC is MAC(k, m) = H(htonll(len(k)) | k | m) with H = SHA3-256.
func MAC(k, m []byte) []byte {
	in := binary.BigEndian.AppendUint64(nil, uint64(len(k)))
	in = append(in, k...)
	in = append(in, m...)
	s := sha3.Sum256(in)
	return s[:]
}

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// IntroKeys returns ENC_KEY and MAC_KEY: KDF(intro_secret_hs_input | t_hsenc
// | info, 64) with KDF = SHAKE-256, intro_secret_hs_input = EXP(B,x) |
// AUTH_KEY | X | B | PROTOID and info = m_hsexpand | subcredential.
func IntroKeys(dh, auth, X, B, subcred []byte) (enc, mac []byte) {
	in := cat(dh, auth, X, B, []byte(protoid), []byte(tHsenc), []byte(mHsexpand), subcred)
	k := sha3.SumSHAKE256(in, 64)
	return k[:32], k[32:]
}

// RendKeys returns NTOR_KEY_SEED and AUTH_INPUT_MAC for rend_secret_hs_input
// = dh1 | dh2 | AUTH_KEY | B | X | Y | PROTOID.
func RendKeys(dh1, dh2, auth, B, X, Y []byte) (seed, authMAC []byte) {
	secret := cat(dh1, dh2, auth, B, X, Y, []byte(protoid))
	seed = MAC(secret, []byte(tHsenc))
	verify := MAC(secret, []byte(tHsverify))
	authInput := cat(verify, auth, B, Y, X, []byte(protoid), []byte("Server"))
	return seed, MAC(authInput, []byte(tHsmac))
}

// Expand returns n bytes of SHAKE-256(NTOR_KEY_SEED | m_hsexpand).
func Expand(seed []byte, n int) []byte {
	return sha3.SumSHAKE256(cat(seed, []byte(mHsexpand)), n)
}

func ctr(key, data []byte) []byte {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	out := make([]byte, len(data))
	cipher.NewCTR(b, make([]byte, 16)).XORKeyStream(out, data)
	return out
}

func readKey(rand io.Reader) (*ecdh.PrivateKey, error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	buf := make([]byte, 32)
	if _, err := io.ReadFull(rand, buf); err != nil {
		return nil, err
	}
	return ecdh.X25519().NewPrivateKey(buf)
}

// Client is the client's state between INTRODUCE1 and RENDEZVOUS2.
type Client struct {
	x          *ecdh.PrivateKey
	auth, B, X []byte
	bx         []byte
}

// ClientIntro reads x from rand and returns the state and CLIENT_PK |
// ENCRYPTED_DATA | MAC.
func ClientIntro(rand io.Reader, auth, B, subcred, header, plaintext []byte) (*Client, []byte, error) {
	if len(auth) != 32 || len(B) != 32 || len(subcred) != 32 {
		return nil, nil, ErrLength
	}
	x, err := readKey(rand)
	if err != nil {
		return nil, nil, err
	}
	pb, err := ecdh.X25519().NewPublicKey(B)
	if err != nil {
		return nil, nil, ErrLength
	}
	bx, err := x.ECDH(pb)
	if err != nil {
		return nil, nil, ErrPoint
	}
	X := x.PublicKey().Bytes()
	enc, mac := IntroKeys(bx, auth, X, B, subcred)
	ct := ctr(enc, plaintext)
	tag := MAC(mac, cat(header, X, ct))
	return &Client{x: x, auth: auth, B: B, X: X, bx: bx}, cat(X, ct, tag), nil
}

// Finish checks SERVER_PK | AUTH and returns n bytes of key material.
func (c *Client) Finish(reply []byte, n int) ([]byte, error) {
	if len(reply) != 64 {
		return nil, ErrLength
	}
	Y := reply[:32]
	py, err := ecdh.X25519().NewPublicKey(Y)
	if err != nil {
		return nil, ErrLength
	}
	yx, err := c.x.ECDH(py)
	if err != nil {
		return nil, ErrPoint
	}
	seed, authMAC := RendKeys(yx, c.bx, c.auth, c.B, c.X, Y)
	if !hmac.Equal(authMAC, reply[32:]) {
		return nil, ErrMAC
	}
	return Expand(seed, n), nil
}

// Service is an introduction point's service side.
type Service struct {
	b        *ecdh.PrivateKey
	auth     []byte
	subcreds [][]byte
}

// NewService returns the service with private key b.
func NewService(b, auth []byte, subcreds ...[]byte) (*Service, error) {
	k, err := ecdh.X25519().NewPrivateKey(b)
	if err != nil || len(auth) != 32 || len(subcreds) == 0 {
		return nil, ErrLength
	}
	for _, s := range subcreds {
		if len(s) != 32 {
			return nil, ErrLength
		}
	}
	return &Service{b: k, auth: auth, subcreds: subcreds}, nil
}

// Pending is the service's state between INTRODUCE2 and RENDEZVOUS1.
type Pending struct {
	s     *Service
	X, bx []byte
}

// Receive checks and decrypts CLIENT_PK | ENCRYPTED_DATA | MAC.
func (s *Service) Receive(header, msg []byte) (*Pending, []byte, error) {
	if len(msg) < 64 {
		return nil, nil, ErrLength
	}
	X, ct, tag := msg[:32], msg[32:len(msg)-32], msg[len(msg)-32:]
	px, err := ecdh.X25519().NewPublicKey(X)
	if err != nil {
		return nil, nil, ErrLength
	}
	bx, err := s.b.ECDH(px)
	if err != nil {
		return nil, nil, ErrPoint
	}
	B := s.b.PublicKey().Bytes()
	var key []byte
	for _, sc := range s.subcreds {
		enc, mac := IntroKeys(bx, s.auth, X, B, sc)
		if hmac.Equal(MAC(mac, cat(header, X, ct)), tag) {
			key = enc
		}
	}
	if key == nil {
		return nil, nil, ErrMAC
	}
	return &Pending{s: s, X: X, bx: bx}, ctr(key, ct), nil
}

// Reply reads y from rand and returns SERVER_PK | AUTH and n bytes of key
// material.
func (p *Pending) Reply(rand io.Reader, n int) ([]byte, []byte, error) {
	y, err := readKey(rand)
	if err != nil {
		return nil, nil, err
	}
	px, err := ecdh.X25519().NewPublicKey(p.X)
	if err != nil {
		return nil, nil, ErrLength
	}
	yx, err := y.ECDH(px)
	if err != nil {
		return nil, nil, ErrPoint
	}
	Y := y.PublicKey().Bytes()
	seed, authMAC := RendKeys(yx, p.bx, p.s.auth, p.s.b.PublicKey().Bytes(), p.X, Y)
	return cat(Y, authMAC), Expand(seed, n), nil
}
