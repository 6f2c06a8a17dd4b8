package ace

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

func crossCheckOnce(t *testing.T) {

	b, bBytes := randomFilippoScalar(t)
	x1, x1Bytes := randomFilippoScalar(t)
	x2, x2Bytes := randomFilippoScalar(t)
	y, yBytes := randomFilippoScalar(t)
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
	G := edwards25519.NewGeneratorPoint()
	B := new(edwards25519.Point).ScalarMult(b, G)
	X1 := new(edwards25519.Point).ScalarMult(x1, G)
	X2 := new(edwards25519.Point).ScalarMult(x2, G)
	Y := new(edwards25519.Point).ScalarMult(y, G)

	// Points travel as x ‖ y (uncompressed, see uncompressed in
	// subgroup_test.go: filippo's field arithmetic).
	encB, encX1, encX2, encY := uncompressed(B), uncompressed(X1), uncompressed(X2), uncompressed(Y)
	if len(encB) != 64 || encB[31]&0x80 != 0 || encB[63]&0x80 != 0 {
		t.Fatalf("bad reference encoding %x", encB)
	}
	wantMsg := cat(id, encB, encX1, encX2)
	if !bytes.Equal(msg, wantMsg) {
		t.Fatalf("client message\n got %x\nwant %x", msg, wantMsg)
	}

	// Server: y·X1 + b·X2. Client: x1·Y + x2·B. Both are (x1·y + x2·b)·G.
	serverPoint := new(edwards25519.Point).Add(
		new(edwards25519.Point).ScalarMult(y, X1), new(edwards25519.Point).ScalarMult(b, X2))
	clientPoint := new(edwards25519.Point).Add(
		new(edwards25519.Point).ScalarMult(x1, Y), new(edwards25519.Point).ScalarMult(x2, B))
	exponent := edwards25519.NewScalar().MultiplyAdd(x1, y, edwards25519.NewScalar().Multiply(x2, b))
	if serverPoint.Equal(clientPoint) != 1 || serverPoint.Equal(new(edwards25519.Point).ScalarBaseMult(exponent)) != 1 {
		t.Fatal("filippo: the two sides' points differ")
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
