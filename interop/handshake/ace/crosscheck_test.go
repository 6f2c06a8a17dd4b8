package ace_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"io"
	"testing"

	"filippo.io/edwards25519"
	xhkdf "golang.org/x/crypto/hkdf"
)

func randomFilippoScalar(t *testing.T) (*edwards25519.Scalar, []byte) {
	var buf [64]byte
	if _, err := rand.Read(buf[:]); err != nil {
		t.Fatal(err)
	}
	s, err := edwards25519.NewScalar().SetUniformBytes(buf[:])
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Bytes()
}

// aceReference computes AUTH and the key material from the shared point
// and the encodings both sides hash, with proposal 223's formulas and this
// package's documented choices, independently of the code under test.
func aceReference(t testing.TB, shared *edwards25519.Point, id, encB, encX1, encX2, encY []byte) (auth, keys []byte) {
	t.Helper()
	const protoID = "ace-curve25519-ed-uncompressed-sha256-1" // proposal 223, verbatim
	secretInput := cat(uncompressed(shared), id, encB, encX1, encX2, encY, []byte(protoID))
	keySeed := hmacSHA256([]byte(protoID+":key"), cat(secretInput, []byte("Key Seed")))
	keyVerify := hmacSHA256([]byte(protoID+":verify"), cat(secretInput, []byte("HMac Seed")))
	authInput := cat(id, encB, encY, encX1, encX2, []byte(protoID), []byte("Server"))
	auth = hmacSHA256(keyVerify, authInput)

	kdf := xhkdf.New(sha256.New, cat(secretInput, []byte("Key Seed")), []byte(protoID+":key"), []byte(protoID+":key_expand"))
	keys = make([]byte, 92)
	if _, err := io.ReadFull(kdf, keys); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(xhkdf.Extract(sha256.New, cat(secretInput, []byte("Key Seed")), []byte(protoID+":key")), keySeed) {
		t.Fatal("HKDF-Extract(t_key, secret_input ‖ \"Key Seed\") != KEY_SEED")
	}
	return auth, keys
}

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func hmacSHA256(key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return m.Sum(nil)
}
