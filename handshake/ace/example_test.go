package ace_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/curvekit/curvekit/handshake/ace"
)

func Example() {
	// The relay: a node ID and a long-term onion key, whose public half B it
	// publishes (for instance in its descriptor).
	nodeID := make([]byte, ace.NodeIDSize)
	rand.Read(nodeID)
	onionKey, err := ace.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	relay, err := ace.NewRelay(nodeID, onionKey)
	if err != nil {
		panic(err)
	}
	published := onionKey.PublicKey().Bytes()

	// The client parses (and so validates) B once, then starts a handshake.
	B, err := ace.NewPublicKey(published)
	if err != nil {
		panic(err)
	}
	state, msg, err := ace.NewClientHandshake(nodeID, B)
	if err != nil {
		panic(err)
	}

	// The relay answers.
	reply, relayKeys, err := ace.ServerHandshake(msg, relay)
	if err != nil {
		panic(err)
	}

	// The client checks AUTH and gets the same key material.
	clientKeys, err := state.Finish(reply)
	if err != nil {
		panic(err)
	}
	// NODEID ‖ B ‖ X1 ‖ X2, Y ‖ AUTH, and the key material.
	fmt.Println(len(msg), len(reply), len(clientKeys))
	fmt.Println("keys agree:", bytes.Equal(clientKeys, relayKeys))

	// The state is single-use.
	_, err = state.Finish(reply)
	fmt.Println(err)
	// Output:
	// 224 96 92
	// keys agree: true
	// ace: client handshake state already used or not initialized
}
