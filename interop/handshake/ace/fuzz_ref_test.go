package ace_test

import (
	"bytes"
	"crypto/sha512"
	"sort"
	"testing"

	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/interop/aceref"
)

// FuzzAgainstReference runs a whole handshake with keys drawn from the input
// on this package and on interop/aceref's Ace over filippo.io/edwards25519
// (written separately, no subgroup check), with the client message and the
// reply optionally tampered with (a byte xored, or X1, X2 or Y replaced by
// one of badPoints' small-order, mixed-order and off-curve encodings), and
// requires: identical messages, replies and keys whenever the received points
// have order ℓ; under RejectTorsion, acceptance exactly when they do; under
// ClearCofactor, acceptance exactly when they are canonical points of the
// curve not of small order; and a client that accepts only the genuine reply.
func FuzzAgainstReference(f *testing.F) {
	bad := badPoints(f)
	names := make([]string, 0, len(bad))
	for n := range bad {
		names = append(names, n)
	}
	sort.Strings(names)
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(0), byte(0), byte(0))
	f.Add([]byte("keys"), uint16(100), byte(1), uint16(0), byte(0), byte(0))
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(70), byte(0x80), byte(0))
	for i := range names {
		f.Add([]byte("pts"), uint16(0), byte(0), uint16(0), byte(0), byte(1+i%3)|byte(i)<<2)
	}
	f.Fuzz(func(t *testing.T, seed []byte, mpos uint16, mxor byte, rpos uint16, rxor byte, subst byte) {
		// Four 64-byte wide scalars (b, x1, x2, y) and a node ID.
		var wide []byte
		for i := byte(0); i < 5; i++ {
			h := sha512.Sum512(append([]byte{i}, seed...))
			wide = append(wide, h[:]...)
		}
		id := wide[256:288]
		b, err := ace.GenerateKey(bytes.NewReader(wide[:64]))
		if err != nil {
			t.Fatal(err)
		}
		k1, _ := ace.GenerateKey(bytes.NewReader(wide[64:128]))
		k2, _ := ace.GenerateKey(bytes.NewReader(wide[128:192]))
		ky, _ := ace.GenerateKey(bytes.NewReader(wide[192:256]))
		relay, err := ace.NewRelay(id, b)
		if err != nil {
			t.Fatal(err)
		}
		rrelay, err := aceref.NewRelay(aceref.Filippo, bytes.NewReader(wide[:64]), id)
		if err != nil || !bytes.Equal(rrelay.PublicKey(), b.PublicKey().Bytes()) {
			t.Fatalf("reference relay key differs (%v)", err)
		}
		st, msg, err := ace.ClientHandshakePrecomputedWithKeys(k1, k2, id, b.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		rst, rmsg, err := aceref.ClientCreate(aceref.Filippo, bytes.NewReader(wide[64:192]), id, b.PublicKey().Bytes())
		if err != nil || !bytes.Equal(msg, rmsg) {
			t.Fatalf("client messages differ (%v)", err)
		}

		p := bad[names[int(subst>>2)%len(names)]]
		if mxor != 0 {
			msg[int(mpos)%len(msg)] ^= mxor
		}
		switch subst % 4 {
		case 1:
			copy(msg[offX1:offX2], p)
		case 2:
			copy(msg[offX2:], p)
		}
		x1, x2 := msg[offX1:offX2], msg[offX2:]
		prime := voiAcceptable(x1) && voiAcceptable(x2)
		for check, acceptable := range map[ace.SubgroupCheck]func([]byte) bool{ace.ClearCofactor: voiClearable, ace.RejectTorsion: voiAcceptable} {
			reply, keys, err := relay.WithSubgroupCheck(check).ServerHandshakeWithKey(ky, msg)
			intact := bytes.Equal(msg[:offX1], rmsg[:offX1])
			if want := intact && acceptable(x1) && acceptable(x2); (err == nil) != want {
				t.Fatalf("check %d: msg %x: error %v, want accepted=%v", check, msg, err, want)
			}
			rreply, rkeys, rerr := rrelay.Respond(bytes.NewReader(wide[192:256]), msg)
			if err == nil && rerr != nil {
				t.Fatalf("check %d: accepted what the reference rejects (%v)", check, rerr)
			}
			if err == nil && prime && (!bytes.Equal(reply, rreply) || !bytes.Equal(keys, rkeys)) {
				t.Fatalf("check %d: reply or keys differ from the reference", check)
			}
		}

		// The client side, against the untampered message.
		if mxor != 0 || subst%4 == 1 || subst%4 == 2 {
			return
		}
		reply, keys, err := relay.ServerHandshakeWithKey(ky, msg)
		if err != nil {
			t.Fatal(err)
		}
		genuine := bytes.Clone(reply)
		if rxor != 0 {
			reply[int(rpos)%len(reply)] ^= rxor
		}
		if subst%4 == 3 {
			copy(reply[:ace.PublicKeySize], p)
		}
		ck, cerr := st.Finish(reply)
		rk, rerr := rst.Finish(reply)
		if bytes.Equal(reply, genuine) {
			if cerr != nil || rerr != nil || !bytes.Equal(ck, keys) || !bytes.Equal(rk, keys) {
				t.Fatalf("genuine reply: %v, reference %v", cerr, rerr)
			}
			return
		}
		if cerr == nil || ck != nil {
			t.Fatalf("client accepted a tampered reply %x", reply)
		}
	})
}
