package ntorv3

// An independent ntor v3 written straight from proposal 332 on crypto/ecdh:
// a differential oracle for the tests and the baseline for the benchmarks.
// It shares no code with the package.

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/sha3"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"io"
)

const refProto = "ntor3-curve25519-sha3_256-1"

func refEncap(s []byte) []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(len(s)))
}

func refCat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func refH(s []byte, t string) []byte {
	sum := sha3.Sum256(refCat(refEncap([]byte(t)), []byte(t), s))
	return sum[:]
}

func refMAC(k, msg []byte, t string) []byte {
	return refH(refCat(refEncap(k), k, msg), t)
}

func refKDF(s []byte, t string, n int) []byte {
	return sha3.SumSHAKE256(refCat(refEncap([]byte(t)), []byte(t), s), n)
}

func refENC(k, m []byte) []byte {
	b, err := aes.NewCipher(k)
	if err != nil {
		panic(err)
	}
	out := make([]byte, len(m))
	cipher.NewCTR(b, make([]byte, 16)).XORKeyStream(out, m)
	return out
}

func refKey(r io.Reader) *ecdh.PrivateKey {
	if r == nil {
		r = rand.Reader
	}
	var k [32]byte
	if _, err := io.ReadFull(r, k[:]); err != nil {
		panic(err)
	}
	p, err := ecdh.X25519().NewPrivateKey(k[:])
	if err != nil {
		panic(err)
	}
	return p
}

func refDH(k *ecdh.PrivateKey, pub []byte) ([]byte, error) {
	p, err := ecdh.X25519().NewPublicKey(pub)
	if err != nil {
		return nil, err
	}
	return k.ECDH(p)
}

type refClient struct {
	x          *ecdh.PrivateKey
	id, b, ver []byte
	bx, msgMAC []byte
}

func refClientCreate(r io.Reader, id, b, ver, cm []byte) (*refClient, []byte, error) {
	c := &refClient{x: refKey(r), id: id, b: b, ver: ver}
	var err error
	if c.bx, err = refDH(c.x, b); err != nil {
		return nil, nil, err
	}
	X := c.x.PublicKey().Bytes()
	k1 := refKDF(refCat(c.bx, id, X, b, []byte(refProto), refEncap(ver), ver), refProto+":kdf_phase1", 64)
	enc := refENC(k1[:32], cm)
	c.msgMAC = refMAC(k1[32:], refCat(id, b, X, enc), refProto+":msg_mac")
	return c, refCat(id, b, X, enc, c.msgMAC), nil
}

// refServer handles msg for the relay (id, b) and answers with sm.
func refServer(r io.Reader, id []byte, b *ecdh.PrivateKey, ver, msg, sm []byte, n int) (reply, cm, keys []byte, err error) {
	if len(msg) < 128 || string(msg[:32]) != string(id) || string(msg[32:64]) != string(b.PublicKey().Bytes()) {
		return nil, nil, nil, errors.New("bad message")
	}
	B, X, enc, gotMAC := msg[32:64], msg[64:96], msg[96:len(msg)-32], msg[len(msg)-32:]
	xb, err := refDH(b, X)
	if err != nil {
		return nil, nil, nil, err
	}
	k1 := refKDF(refCat(xb, id, X, B, []byte(refProto), refEncap(ver), ver), refProto+":kdf_phase1", 64)
	if subtle.ConstantTimeCompare(refMAC(k1[32:], refCat(id, B, X, enc), refProto+":msg_mac"), gotMAC) != 1 {
		return nil, nil, nil, errors.New("mac")
	}
	cm = refENC(k1[:32], enc)
	y := refKey(r)
	Y := y.PublicKey().Bytes()
	xy, err := refDH(y, X)
	if err != nil {
		return nil, nil, nil, err
	}
	si := refCat(xy, xb, id, B, X, Y, []byte(refProto), refEncap(ver), ver)
	seed, verify := refH(si, refProto+":key_seed"), refH(si, refProto+":verify")
	raw := refKDF(seed, refProto+":kdf_final", 32+n)
	encSM := refENC(raw[:32], sm)
	auth := refH(refCat(verify, id, B, Y, X, gotMAC, refEncap(encSM), encSM, []byte(refProto), []byte("Server")), refProto+":auth_final")
	return refCat(Y, auth, encSM), cm, raw[32:], nil
}

func (c *refClient) finish(reply []byte, n int) (sm, keys []byte, err error) {
	if len(reply) < 64 {
		return nil, nil, errors.New("short")
	}
	Y, auth, enc := reply[:32], reply[32:64], reply[64:]
	yx, err := refDH(c.x, Y)
	if err != nil {
		return nil, nil, err
	}
	X := c.x.PublicKey().Bytes()
	si := refCat(yx, c.bx, c.id, c.b, X, Y, []byte(refProto), refEncap(c.ver), c.ver)
	seed, verify := refH(si, refProto+":key_seed"), refH(si, refProto+":verify")
	want := refH(refCat(verify, c.id, c.b, Y, X, c.msgMAC, refEncap(enc), enc, []byte(refProto), []byte("Server")), refProto+":auth_final")
	if subtle.ConstantTimeCompare(want, auth) != 1 {
		return nil, nil, errors.New("auth")
	}
	raw := refKDF(seed, refProto+":kdf_final", 32+n)
	return refENC(raw[:32], enc), raw[32:], nil
}
