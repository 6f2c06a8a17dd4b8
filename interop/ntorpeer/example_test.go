package ntorpeer_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/curvekit/curvekit/internal/ntorref"
	"github.com/curvekit/curvekit/interop/ntorpeer"
)

// A full handshake on each implementation: both sides derive the same keys.
func Example() {
	for _, dh := range []ntorref.DH{ntorref.ECDH, ntorpeer.Circl, ntorpeer.Voi} {
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
	// circl true
	// voi true
}
