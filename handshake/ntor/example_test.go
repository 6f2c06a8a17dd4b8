package ntor_test

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/handshake/ntor"
)

// A full handshake: the relay publishes its identity digest and onion key;
// the client sends its 84-byte message, the relay answers with 64 bytes, and
// both read the same circuit keys.
func Example() {
	// Relay set-up (once): its identity digest and long-term onion key.
	relayID := bytes.Repeat([]byte{0x42}, ntor.IDSize) // SHA-1 of the RSA identity key
	onionKey, err := ntor.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	relay, err := ntor.NewRelay(relayID, onionKey)
	if err != nil {
		panic(err)
	}

	// Client: knows relayID and onionKey.PublicKey() from the descriptor.
	state, create, err := ntor.ClientHandshake(nil, relayID, onionKey.PublicKey())
	if err != nil {
		panic(err)
	}

	// Relay: answers the CREATE2 payload.
	created, relayKeys, err := relay.ServerHandshake(nil, create)
	if err != nil {
		panic(err) // destroy the circuit
	}

	// Client: checks AUTH and derives the same keys.
	clientKeys, err := state.Finish(created)
	if err != nil {
		panic(err) // AUTH mismatch: no keys
	}

	// Tor's layout: Df 20, Db 20, Kf 16, Kb 16, KH 20 bytes.
	c, _ := clientKeys.Bytes(92)
	r, _ := relayKeys.Bytes(92)
	fmt.Println(len(create), len(created), bytes.Equal(c, r))
	// Output: 84 64 true
}

// A client that returns to one relay (its guard) prepares the onion key
// once. Each ClientState finishes once: a second Finish, even with the
// genuine reply, returns ErrStateUsed, since the first erased the
// ephemeral secret.
func ExampleClientHandshakePrecomputed() {
	relayID := bytes.Repeat([]byte{0x42}, ntor.IDSize)
	onionKey, err := ntor.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	relay, err := ntor.NewRelay(relayID, onionKey)
	if err != nil {
		panic(err)
	}

	guard, err := ntor.PrecomputeRelayKey(onionKey.PublicKey())
	if err != nil {
		panic(err) // a wrong length or a low-order key
	}
	state, create, err := ntor.ClientHandshakePrecomputed(nil, relayID, guard)
	if err != nil {
		panic(err)
	}
	created, _, err := relay.ServerHandshake(nil, create)
	if err != nil {
		panic(err)
	}
	_, err = state.Finish(created)
	fmt.Println(err)
	_, err = state.Finish(created)
	fmt.Println(errors.Is(err, ntor.ErrStateUsed))

	// A low-order onion key is refused before any message is sent.
	_, _, err = ntor.ClientHandshake(nil, relayID, make([]byte, ntor.KeySize))
	fmt.Println(errors.Is(err, ntor.ErrInvalidPoint))
	// Output:
	// <nil>
	// true
	// true
}
