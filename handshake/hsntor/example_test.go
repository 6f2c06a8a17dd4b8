package hsntor_test

import (
	"bytes"
	"crypto/sha3"
	"fmt"
	"log"
	"time"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/handshake/hsntor"
)

// A whole handshake: the client encrypts its INTRODUCE1 data to the
// introduction point's key, the service decrypts it and answers, and both
// end with the same circuit keys.
func Example() {
	// The service's introduction point: its encryption key pair (b, B) and
	// its authentication key AUTH_KEY (an Ed25519 public key).
	introKey, err := hsntor.GenerateKey(nil)
	if err != nil {
		log.Fatal(err)
	}
	authKey, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		log.Fatal(err)
	}
	subcredential := bytes.Repeat([]byte{0x5a}, hsntor.KeySize) // see ExampleNewService
	svc, err := hsntor.NewService(introKey, authKey, subcredential)
	if err != nil {
		log.Fatal(err)
	}

	// Client: B, AUTH_KEY and the subcredential come from the descriptor.
	header := []byte("INTRODUCE1 fields before the encrypted section")
	state, encrypted, err := hsntor.ClientHandshake(nil, authKey, introKey.PublicKey(), subcredential, header, []byte("rendezvous cookie, link specifiers, …"))
	if err != nil {
		log.Fatal(err)
	}

	// Service: INTRODUCE2 carries header ‖ encrypted.
	st, plaintext, err := svc.Receive(header, encrypted)
	if err != nil {
		log.Fatal(err)
	}
	reply, serviceKeys, err := st.Reply(nil) // RENDEZVOUS1's HANDSHAKE_INFO
	if err != nil {
		log.Fatal(err)
	}

	// Client: RENDEZVOUS2 carries the reply.
	clientKeys, err := state.Finish(reply)
	if err != nil {
		log.Fatal(err)
	}
	ck, _ := clientKeys.Bytes(hsntor.CircuitKeySize)
	sk, _ := serviceKeys.Bytes(hsntor.CircuitKeySize)
	fmt.Printf("%s\n%d-byte reply, keys agree: %v\n", plaintext, len(reply), bytes.Equal(ck, sk))
	// Output:
	// rendezvous cookie, link specifiers, …
	// 64-byte reply, keys agree: true
}

// The subcredential binds the handshake to the service's identity key and
// to the current blinded key (rend-spec-v3, "Subcredential"):
// N_hs_subcred = SHA3-256("subcredential" ‖ N_hs_cred ‖ blinded key), with
// N_hs_cred = SHA3-256("credential" ‖ identity key). Package ed25519 does
// Tor's key blinding.
func ExampleNewService() {
	identity, _, err := ed25519.GenerateKey(bytes.NewReader(make([]byte, 32)))
	if err != nil {
		log.Fatal(err)
	}
	const periodLength = 1440 // minutes
	period, err := ed25519.TorTimePeriod(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), periodLength)
	if err != nil {
		log.Fatal(err)
	}
	blinded, err := ed25519.BlindPublicKey(identity, ed25519.TorBlindingFactor(identity, nil, period, periodLength))
	if err != nil {
		log.Fatal(err)
	}
	cred := sha3.Sum256(append([]byte("credential"), identity...))
	subcredential := sha3.Sum256(append(append([]byte("subcredential"), cred[:]...), blinded...))

	introKey, _ := hsntor.GenerateKey(nil)
	authKey, _, _ := ed25519.GenerateKey(nil)
	svc, err := hsntor.NewService(introKey, authKey, subcredential[:])
	fmt.Println(svc != nil, err)
	// Output: true <nil>
}
