// Package ntorv3 implements Tor's ntor v3 circuit-creation handshake (Tor
// proposal 332, instantiation A.1 with the circuit-extension encoding A.2,
// PROTOID "ntor3-curve25519-sha3_256-1") on curvekit's X25519.
//
//	// Client: the first flight carries an encrypted message to the relay.
//	state, create, err := ntorv3.ClientHandshake(nil, relayID, onionKey, verification, msg)
//	reply, keys, err := state.Finish(created) // the relay's message and the keys
//
//	// Relay: verify and decrypt, then answer with its own message.
//	ss, msg, err := relay.ServerHandshake(nil, create, verification)
//	created, keys, err := ss.Reply(replyMsg)
//
// Unlike ntor v1, both sides carry an encrypted, authenticated message: the
// client's message CM rides in the first flight (encrypted to the relay's
// onion key, so without forward secrecy), the relay's message SM in the
// reply. An optional "verification" string must be the same on both sides.
//
//	client → relay:  ID(32) ‖ B(32) ‖ X(32) ‖ ENC(ENC_K1, CM) ‖ MAC(32)
//	relay → client:  Y(32) ‖ AUTH(32) ‖ ENC(ENC_KEY, SM)
//
// Primitives: H(s, t) = SHA3-256(ENCAP(t) ‖ s), MAC(k, m, t) =
// SHA3-256(ENCAP(t) ‖ ENCAP(k) ‖ m), KDF(s, t) = SHAKE-256(ENCAP(t) ‖ s),
// ENC = AES-256-CTR with an all-zero IV (the proposal leaves the IV implicit;
// C tor, arti and the test vector use zero), ENCAP(s) = 8-byte big-endian
// length ‖ s. The package reproduces C tor's and arti's vector byte for byte.
//
// Guarantees: key generation through the fixed-base (table) path of
// curve25519.X25519; constant-time scalar multiplication; MAC and AUTH
// compared in constant time; an all-zero X25519 result (low-order peer key)
// is an error on either side; malformed messages are errors, never panics.
// Zero values and nil pointers fail closed: only the constructors make
// usable keys, states, relays and key streams, and every handshake step,
// NewRelay and the KeyMaterial's Read and Bytes refuse the zero value and nil
// with an error.
// No key material or message is returned unless the MAC (relay) or AUTH
// (client) verifies.
// A low-order relay onion key is refused where it enters (ClientHandshake,
// PrecomputeRelayKey), so no message is sent for it.
// Handshake states are single-use: [ClientState.Finish] and
// [ServerState.Reply] erase the state's secrets (the ephemeral secret and
// the EXP(B, x) or EXP(X, b) it keeps) whether they succeed or fail, and a
// second call returns [ErrStateUsed].
// Errors wrap the values of package github.com/curvekit/curvekit/handshake,
// which this package's ErrInvalidLength, ErrInvalidPoint, ErrWrongRelay,
// ErrUnknownKey, ErrAuthFailed and ErrStateUsed are, so one errors.Is test
// serves every curvekit Tor handshake.
//
// API: the shape is that of the other curvekit Tor handshakes: randomness
// first (an io.Reader, nil meaning crypto/rand; the WithKey variants take an
// ephemeral key pair in its place), then the relay identity and key. The
// relay side is two steps, because SM usually depends on CM:
// [Relay.ServerHandshake](rand, msg, verification) verifies and decrypts the
// client's message, reads the relay's ephemeral key, and returns a
// [ServerState]; [ServerState.Reply] encrypts SM and returns the reply and
// the key stream. The key stream ([KeyMaterial], an io.Reader) is
// the SHAKE-256 output after ENC_KEY and is unlimited; Tor's circuit keys
// are its first 72 bytes (Df 20, Db 20, Kf 16, Kb 16) followed by KH (20).
// A client that handshakes often with one relay key can prepare it once
// ([PrecomputeRelayKey], ntor's type, so one prepared key serves both
// handshakes) and call [ClientHandshakePrecomputed]: EXP(B, x) then walks a
// table of multiples of B instead of running a ladder.
//
// Choices: an unknown KEYID or a NODEID other than the relay's is an error
// at once ([ErrUnknownKey], [ErrWrongRelay]), as the proposal says ("the
// handshake fails"); both values are public. The content of CM and SM (the
// extension encoding of A.2) is left to the caller.
package ntorv3
