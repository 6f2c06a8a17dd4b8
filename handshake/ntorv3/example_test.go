package ntorv3_test

import (
	"bytes"
	"fmt"

	"github.com/curvekit/curvekit/handshake/ntorv3"
)

// A full ntor v3 handshake carrying a message each way.
func Example() {
	// Relay set-up: its Ed25519 identity (32 bytes) and onion key.
	relayID := bytes.Repeat([]byte{0x17}, ntorv3.IDSize)
	onionKey, err := ntorv3.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	relay, err := ntorv3.NewRelay(relayID, onionKey)
	if err != nil {
		panic(err)
	}
	verification := []byte("circuit extension")

	// Client: first flight, with an encrypted message for the relay.
	state, create, err := ntorv3.ClientHandshake(nil, relayID, onionKey.PublicKey(), verification, []byte("hello relay"))
	if err != nil {
		panic(err)
	}

	// Relay: verify and decrypt, then answer with its own message.
	ss, clientMsg, err := relay.ServerHandshake(nil, create, verification)
	if err != nil {
		panic(err) // destroy the circuit
	}
	created, relayKeys, err := ss.Reply([]byte("hello client"))
	if err != nil {
		panic(err)
	}

	// Client: check AUTH, decrypt the relay's message, read the keys.
	serverMsg, clientKeys, err := state.Finish(created)
	if err != nil {
		panic(err) // no keys
	}
	ck, err := clientKeys.Bytes(92)
	if err != nil {
		panic(err)
	}
	rk, err := relayKeys.Bytes(92)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s / %s / %v\n", clientMsg, serverMsg, bytes.Equal(ck, rk))
	// Output: hello relay / hello client / true
}
