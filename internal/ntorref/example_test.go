package ntorref_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/curvekit/curvekit/internal/ntorref"
)

// A full handshake on crypto/ecdh (the interop module's ntorpeer adds circl
// and voi): both sides derive the same keys.
func Example() {
	for _, dh := range []ntorref.DH{ntorref.ECDH} {
		id := make([]byte, 20)
		priv := make([]byte, 32)
		rand.Read(id)
		rand.Read(priv)
		relayKey := dh.NewKey(priv)
		c, msg := ntorref.ClientCreate(dh, nil, id, relayKey.Pub())
		reply, relayKeys, err := ntorref.Server(dh, nil, id, relayKey, msg, 72)
		if err != nil {
			panic(err)
		}
		clientKeys, err := c.Finish(reply, 72)
		if err != nil {
			panic(err)
		}
		fmt.Println(dh.Name, bytes.Equal(relayKeys, clientKeys))
	}
	// Output:
	// ecdh true
}
