package ace_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/curvekit/curvekit/handshake/ace"
)

func Example() {
	// The relay: a node ID and a long-term onion key, whose public half B it
	// publishes (for instance in its descriptor).
	nodeID := make([]byte, ace.IDSize)
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

	// The client starts a handshake with the relay's node ID and B. (A
	// client that returns to the relay often parses B once with
	// NewPublicKey and calls ClientHandshakePrecomputed.)
	state, msg, err := ace.ClientHandshake(nil, nodeID, published)
	if err != nil {
		panic(err) // an invalid B is refused here
	}

	// The relay answers.
	reply, relayKeys, err := relay.ServerHandshake(nil, msg)
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

	// The state is single-use: Finish erased the ephemeral secrets.
	_, err = state.Finish(reply)
	fmt.Println(errors.Is(err, ace.ErrStateUsed))
	// Output:
	// 224 96 92
	// keys agree: true
	// true
}

// A relay and a client that reject every ephemeral point outside the
// prime-order subgroup instead of clearing the cofactor. Honest handshakes
// give the same keys either way; a peer point with a small-order component,
// which ClearCofactor would render harmless and accept, is refused.
func ExampleRelay_WithSubgroupCheck() {
	nodeID := make([]byte, ace.IDSize)
	rand.Read(nodeID)
	onionKey, err := ace.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	relay, err := ace.NewRelay(nodeID, onionKey)
	if err != nil {
		panic(err)
	}
	strictRelay := relay.WithSubgroupCheck(ace.RejectTorsion)

	state, msg, err := ace.ClientHandshakePrecomputed(nil, nodeID, onionKey.PublicKey())
	if err != nil {
		panic(err)
	}
	state.SetSubgroupCheck(ace.RejectTorsion)
	reply, relayKeys, err := strictRelay.ServerHandshake(nil, msg)
	if err != nil {
		panic(err)
	}
	clientKeys, err := state.Finish(reply)
	if err != nil {
		panic(err)
	}
	fmt.Println("keys agree:", bytes.Equal(clientKeys, relayKeys))

	// X2 replaced by X2 + T, T = (sqrt(-1), 0) of order 4: the strict relay
	// refuses it, the default one accepts it (its keys then differ from the
	// client's, whose message did not carry T).
	mixed := addOrder4(msg[ace.IDSize+2*ace.PublicKeySize:])
	tampered := append(append([]byte(nil), msg[:ace.IDSize+2*ace.PublicKeySize]...), mixed...)
	_, _, err = strictRelay.ServerHandshake(nil, tampered)
	fmt.Println(err)
	_, _, err = relay.ServerHandshake(nil, tampered)
	fmt.Println(err)
	// Output:
	// keys agree: true
	// ace: client's X2: point not in the prime-order subgroup: handshake: invalid or low-order point
	// <nil>
}

// addOrder4 returns the encoding of P + T for the encoding x ‖ y of P, with
// T = (√−1, 0) of order 4: P + T = (√−1·y, √−1·x) on −x² + y² = 1 + d·x²·y².
func addOrder4(enc []byte) []byte {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	// 2 is not a square mod p, so 2^((p-1)/4) squares to −1.
	i := new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(1)), 2), p)
	le := func(b []byte) *big.Int {
		r := slices.Clone(b)
		slices.Reverse(r)
		return new(big.Int).SetBytes(r)
	}
	out := func(v *big.Int) []byte {
		b := v.Mod(v, p).FillBytes(make([]byte, 32))
		slices.Reverse(b)
		return b
	}
	x, y := le(enc[:32]), le(enc[32:])
	return append(out(new(big.Int).Mul(i, y)), out(new(big.Int).Mul(i, x))...)
}
