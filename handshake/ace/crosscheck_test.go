package ace

import (
	"bytes"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/acetest"
)

// TestCrossImplementation recomputes a handshake from proposal 223's
// formulas and this package's documented choices, independently of the code
// under test: the group operations on filippo.io/edwards25519 (scalar
// multiplications and an addition instead of a two-point multiplication),
// the constant strings spelled out here, and the key expansion as the full
// RFC 5869 HKDF from golang.org/x/crypto (salt t_key, IKM secret_input ‖
// "Key Seed"), which must equal HKDF-Expand keyed with KEY_SEED.
func TestCrossImplementation(t *testing.T) {
	n := 5
	if testing.Short() {
		n = 2
	}
	for i := 0; i < n; i++ {
		crossCheckOnce(t)
	}
}

// randomScalar returns a uniformly random scalar mod ℓ and its canonical
// encoding.
func randomScalar(t *testing.T) (*big.Int, []byte) {
	var buf [64]byte
	if _, err := rand.Read(buf[:]); err != nil {
		t.Fatal(err)
	}
	s := new(big.Int).Mod(bigLEInt(buf[:]), bigL)
	return s, acetest.LE(s)
}

// aceReference computes AUTH and the key material from the shared point
// and the encodings both sides hash, with proposal 223's formulas and this
// package's documented choices, independently of the code under test.
func aceReference(t testing.TB, shared bigPoint, id, encB, encX1, encX2, encY []byte) (auth, keys []byte) {
	t.Helper()
	const protoID = "ace-curve25519-ed-uncompressed-sha256-1" // proposal 223, verbatim
	secretInput := cat(uncompressed(shared), id, encB, encX1, encX2, encY, []byte(protoID))
	keySeed := hmacSHA256([]byte(protoID+":key"), cat(secretInput, []byte("Key Seed")))
	keyVerify := hmacSHA256([]byte(protoID+":verify"), cat(secretInput, []byte("HMac Seed")))
	authInput := cat(id, encB, encY, encX1, encX2, []byte(protoID), []byte("Server"))
	auth = hmacSHA256(keyVerify, authInput)

	keys, err := hkdf.Key(sha256.New, cat(secretInput, []byte("Key Seed")), []byte(protoID+":key"), protoID+":key_expand", 92)
	if err != nil {
		t.Fatal(err)
	}
	prk, err := hkdf.Extract(sha256.New, cat(secretInput, []byte("Key Seed")), []byte(protoID+":key"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(prk, keySeed) {
		t.Fatal("HKDF-Extract(t_key, secret_input ‖ \"Key Seed\") != KEY_SEED")
	}
	return auth, keys
}

func crossCheckOnce(t *testing.T) {

	b, bBytes := randomScalar(t)
	x1, x1Bytes := randomScalar(t)
	x2, x2Bytes := randomScalar(t)
	y, yBytes := randomScalar(t)
	id := randomNodeID(t)

	// The package under test, with the same secret scalars.
	priv := func(s []byte) *PrivateKey {
		k, err := NewPrivateKey(s)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	relayKey := priv(bBytes)
	relay, err := NewRelay(id, relayKey)
	if err != nil {
		t.Fatal(err)
	}
	st, msg, err := newClientHandshake(id, relayKey.PublicKey(), priv(x1Bytes), priv(x2Bytes))
	if err != nil {
		t.Fatal(err)
	}
	reply, serverKeys, err := serverHandshake(msg, relay, priv(yBytes))
	if err != nil {
		t.Fatal(err)
	}
	clientKeys, err := st.Finish(reply)
	if err != nil {
		t.Fatal(err)
	}

	// The independent computation.
	G := bigGenerator
	B, X1, X2, Y := bigMul(b, G), bigMul(x1, G), bigMul(x2, G), bigMul(y, G)

	// Points travel as x ‖ y (uncompressed, see bigcurve_test.go).
	encB, encX1, encX2, encY := uncompressed(B), uncompressed(X1), uncompressed(X2), uncompressed(Y)
	if len(encB) != 64 || encB[31]&0x80 != 0 || encB[63]&0x80 != 0 {
		t.Fatalf("bad reference encoding %x", encB)
	}
	wantMsg := cat(id, encB, encX1, encX2)
	if !bytes.Equal(msg, wantMsg) {
		t.Fatalf("client message\n got %x\nwant %x", msg, wantMsg)
	}

	// Server: y·X1 + b·X2. Client: x1·Y + x2·B. Both are (x1·y + x2·b)·G.
	serverPoint := bigAdd(bigMul(y, X1), bigMul(b, X2))
	clientPoint := bigAdd(bigMul(x1, Y), bigMul(x2, B))
	exponent := new(big.Int).Mul(x1, y)
	exponent.Add(exponent, new(big.Int).Mul(x2, b)).Mod(exponent, bigL)
	if !serverPoint.equal(clientPoint) || !serverPoint.equal(bigMul(exponent, G)) {
		t.Fatal("math/big: the two sides' points differ")
	}

	auth, wantKeys := aceReference(t, serverPoint, id, encB, encX1, encX2, encY)
	wantReply := cat(encY, auth)
	if !bytes.Equal(reply, wantReply) {
		t.Fatalf("server reply\n got %x\nwant %x", reply, wantReply)
	}
	if !bytes.Equal(serverKeys, wantKeys) || !bytes.Equal(clientKeys, wantKeys) {
		t.Fatalf("key material\nserver %x\nclient %x\n  want %x", serverKeys, clientKeys, wantKeys)
	}
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
