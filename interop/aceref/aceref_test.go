package aceref

import (
	"bytes"
	"crypto/rand"
	"testing"

	"filippo.io/edwards25519"
	"github.com/curvekit/curvekit/handshake/ace"
)

func randomID(t *testing.T) []byte {
	id := make([]byte, IDSize)
	if _, err := rand.Read(id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestRoundTrip runs full handshakes on both groups: the two sides agree,
// and a changed reply or a wrong relay key makes the client or relay fail.
func TestRoundTrip(t *testing.T) {
	for _, g := range []*Group{Filippo, Voi} {
		id := randomID(t)
		relay, err := NewRelay(g, nil, id)
		if err != nil {
			t.Fatal(err)
		}
		c, msg, err := ClientCreate(g, nil, id, relay.PublicKey())
		if err != nil {
			t.Fatal(g.Name, err)
		}
		reply, serverKeys, err := relay.Respond(nil, msg)
		if err != nil {
			t.Fatal(g.Name, err)
		}
		bad := bytes.Clone(reply)
		bad[len(bad)-1] ^= 1
		c2 := *c
		if _, err := c2.Finish(bad); err == nil {
			t.Errorf("%s: a changed AUTH was accepted", g.Name)
		}
		clientKeys, err := c.Finish(reply)
		if err != nil {
			t.Fatal(g.Name, err)
		}
		if !bytes.Equal(clientKeys, serverKeys) || len(clientKeys) != KeyMaterialSize {
			t.Errorf("%s: keys differ\nclient %x\nserver %x", g.Name, clientKeys, serverKeys)
		}
		other, _ := NewRelay(g, nil, id)
		if _, _, err := other.Respond(nil, msg); err == nil {
			t.Errorf("%s: a relay answered a message naming another onion key", g.Name)
		}
	}
}

// TestMatchesAce checks that the Filippo group runs exactly handshake/ace's
// computation: with the same secret scalars, the same client message,
// reply and key material (ace adds only the subgroup checks).
func TestMatchesAce(t *testing.T) {
	for i := 0; i < 3; i++ {
		var sc [4][]byte
		var fs [4]any
		for j := range sc {
			var wide [64]byte
			if _, err := rand.Read(wide[:]); err != nil {
				t.Fatal(err)
			}
			s := Filippo.Scalar(wide[:]).(*edwards25519.Scalar)
			sc[j], fs[j] = s.Bytes(), s
		}
		key := func(b []byte) *ace.PrivateKey {
			k, err := ace.NewPrivateKey(b)
			if err != nil {
				t.Fatal(err)
			}
			return k
		}
		id := randomID(t)
		b, x1, x2, y := key(sc[0]), key(sc[1]), key(sc[2]), key(sc[3])
		relay, err := ace.NewRelay(id, b)
		if err != nil {
			t.Fatal(err)
		}
		st, msg, err := ace.ClientHandshakePrecomputedWithKeys(x1, x2, id, b.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		reply, keys, err := relay.ServerHandshakeWithKey(y, msg)
		if err != nil {
			t.Fatal(err)
		}

		ref, err := NewRelayWithScalar(Filippo, id, fs[0])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ref.PublicKey(), b.PublicKey().Bytes()) {
			t.Fatal("relay keys differ")
		}
		c, refMsg, err := ClientCreateWithScalars(Filippo, id, ref.PublicKey(), fs[1], fs[2])
		if err != nil {
			t.Fatal(err)
		}
		refReply, refKeys, err := ref.RespondWithScalar(fs[3], msg)
		if err != nil {
			t.Fatal(err)
		}
		refClientKeys, err := c.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		clientKeys, err := st.Finish(refReply)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(refMsg, msg) || !bytes.Equal(refReply, reply) {
			t.Fatalf("messages differ\nmsg   %x\nref   %x\nreply %x\nref   %x", msg, refMsg, reply, refReply)
		}
		for _, k := range [][]byte{refKeys, refClientKeys, clientKeys} {
			if !bytes.Equal(k, keys) {
				t.Fatalf("key material differs\n got %x\nwant %x", k, keys)
			}
		}
	}
}
