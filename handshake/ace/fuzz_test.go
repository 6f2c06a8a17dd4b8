package ace

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzNewPublicKey: never panics, and accepts exactly the encodings x ‖ y
// with canonical coordinates of points of order ℓ (the math/big
// oracle).
func FuzzNewPublicKey(f *testing.F) {
	f.Add(mustKey(f).PublicKey().Bytes())
	f.Add(make([]byte, PublicKeySize))
	f.Add(identityEncoding[:])
	f.Add([]byte{1})
	f.Add(bytes.Repeat([]byte{0xff}, PublicKeySize))
	for _, b := range badPoints(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := NewPublicKey(b)
		if len(b) != PublicKeySize {
			if !errors.Is(err, ErrInvalidLength) {
				t.Fatalf("%d bytes: got %v", len(b), err)
			}
			return
		}
		if (err == nil) != oracleAcceptable(b) {
			t.Fatalf("%x: NewPublicKey error %v, oracle %v", b, err, oracleAcceptable(b))
		}
		if err == nil && !bytes.Equal(k.Bytes(), b) {
			t.Fatalf("%x: round trip gave %x", b, k.Bytes())
		}
	})
}

// FuzzServerHandshake: never panics; accepts a message exactly when its
// length, node ID and key ID match and X1 and X2 are valid points under
// each SubgroupCheck.
func FuzzServerHandshake(f *testing.F) {
	fx := newFixedHandshake(f)
	_, msg := fx.client(f)
	f.Add(msg)
	f.Add(msg[:ClientMessageSize-1])
	f.Add(append(append([]byte(nil), msg...), 0))
	f.Add([]byte{})
	for _, b := range badPoints(f) {
		bad := append([]byte(nil), msg...)
		copy(bad[offX2:], b)
		f.Add(bad)
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		for check, acceptable := range map[SubgroupCheck]func([]byte) bool{
			ClearCofactor: oracleClearable, RejectTorsion: oracleAcceptable,
		} {
			reply, keys, err := serverHandshake(m, fx.relay.WithSubgroupCheck(check), fx.ky)
			valid := len(m) == ClientMessageSize &&
				bytes.Equal(m[:offB], fx.id) && bytes.Equal(m[offB:offX1], fx.key.PublicKey().Bytes()) &&
				acceptable(m[offX1:offX2]) && acceptable(m[offX2:])
			if valid != (err == nil) {
				t.Fatalf("check %d: %x: error %v, expected valid=%v", check, m, err, valid)
			}
			if err == nil && (len(reply) != ServerReplySize || len(keys) != KeyMaterialSize) {
				t.Fatalf("reply %d bytes, keys %d bytes", len(reply), len(keys))
			}
			if err != nil && (reply != nil || keys != nil) {
				t.Fatal("output returned with an error")
			}
		}
	})
}

// FuzzClientFinish: never panics, and the only reply a client accepts is
// the relay's genuine one.
func FuzzClientFinish(f *testing.F) {
	fx := newFixedHandshake(f)
	_, msg := fx.client(f)
	reply, serverKeys, err := serverHandshake(msg, fx.relay, fx.ky)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(reply)
	f.Add(reply[:ServerReplySize-1])
	f.Add(append(append([]byte(nil), reply[:PublicKeySize]...), make([]byte, AuthSize)...))
	f.Add(make([]byte, ServerReplySize))
	f.Fuzz(func(t *testing.T, r []byte) {
		st, _ := fx.client(t)
		keys, err := st.Finish(r)
		if bytes.Equal(r, reply) {
			if err != nil || !bytes.Equal(keys, serverKeys) {
				t.Fatalf("genuine reply: keys %x, err %v", keys, err)
			}
			return
		}
		if err == nil || keys != nil {
			t.Fatalf("%x: forged reply accepted", r)
		}
	})
}
