// Package hsntor implements Tor's onion-service handshake, hs-ntor
// (rend-spec-v3, [NTOR-WITH-EXTRA-DATA]; PROTOID
// "tor-hs-ntor-curve25519-sha3-256-1"), on curvekit's X25519.
//
// The client encrypts its INTRODUCE1 data to an introduction point's key and
// later checks the service's RENDEZVOUS2 reply; the service decrypts
// INTRODUCE2 and answers with RENDEZVOUS1:
//
//	// Client: B (intro point encryption key), AUTH_KEY and the
//	// subcredential come from the service's descriptor.
//	state, encrypted, err := hsntor.ClientHandshake(nil, authKey, introKey, subcred, header, plaintext)
//	// … send header ‖ encrypted in INTRODUCE1; receive RENDEZVOUS2 …
//	keys, err := state.Finish(handshakeInfo)
//	circuitKeys, err := keys.Bytes(hsntor.CircuitKeySize)
//
//	// Service: one Service per introduction point.
//	svc, err := hsntor.NewService(introPointKey, authKey, subcred)
//	st, plaintext, err := svc.Receive(header, encrypted)
//	// … build the rendezvous circuit …
//	handshakeInfo, keys, err := st.Reply(nil)
//
// The wire formats and key derivations are Tor's exactly: the package
// reproduces byte for byte arti's hs-ntor test vector (a whole INTRODUCE1
// cell and RENDEZVOUS1 reply made by C tor), and the outputs of C tor's
// hs_ntor.c and of its Python reference hs_ntor_ref.py on fixed inputs.
//
// # Contract
//
//   - ClientHandshake reads the ephemeral key x (32 bytes) from its io.Reader
//     and ServiceState.Reply the ephemeral key y; a nil reader means
//     crypto/rand. Keys and the subcredential are bytes: AUTH_KEY, the intro
//     point's Ed25519 authentication key, is only hashed, never parsed. The
//     service's blinded key enters only through the subcredential, which
//     package ed25519's Tor key blinding helps compute (see ExampleNewService).
//   - A low-order peer key is refused where it enters, with an error wrapping
//     ErrInvalidPoint: the introduction point's key B in ClientHandshake, the
//     client's key X in Service.Receive, the service's key Y in
//     ClientState.Finish. The test is X25519's constant-time all-zero check
//     of the result.
//   - The INTRODUCE MAC and AUTH_INPUT_MAC are compared in constant time, and
//     Receive tries every subcredential whichever matches. No key material or
//     plaintext is returned unless the MAC verifies.
//   - Every error wraps one of the shared values of package handshake
//     (ErrInvalidLength, ErrInvalidPoint, ErrAuthFailed, ErrStateUsed,
//     exported here under the same names) or the io.Reader's error, and says
//     what failed.
//   - States are single-use: ClientState.Finish and ServiceState.Reply erase
//     the state's secrets whether they succeed or fail, and a second call
//     returns ErrStateUsed. The zero value and a nil pointer of every type
//     refuse: handshake steps return errors and key accessors nil, and
//     nothing panics.
//   - Each side shares one field inversion between its key generation and the
//     Diffie–Hellman function that goes with it (curve25519.X25519Multi),
//     and the client keeps EXP(B, x) from the introduction for the
//     rendezvous step instead of computing it again, so each side runs one
//     fixed-base multiplication and two ladders in all.
//   - Padding is the caller's: the plaintext is encrypted as given, with
//     crypto/aes's AES-256-CTR.
package hsntor
