// Package ntor implements Tor's ntor circuit-creation handshake (CREATE2
// handshake type 0x0002; Tor proposal 216, tor-spec §5.1.4) on curvekit's
// X25519.
//
//	// Client: relayID and onionKey from the relay's descriptor.
//	state, create, err := ntor.ClientHandshake(nil, relayID, onionKey)
//	// … send create (84 bytes) in CREATE2; receive created (64 bytes) …
//	keys, err := state.Finish(created) // AUTH checked; state erased
//
//	// Relay: relay, err := ntor.NewRelay(relayID, privateOnionKey), once.
//	created, keys, err := relay.ServerHandshake(nil, create)
//	circuitKeys, err := keys.Bytes(92)
//
// The client sends the 84-byte message ID ‖ B ‖ X (relay identity digest,
// relay onion key, fresh client key); the relay answers with the 64 bytes
// Y ‖ AUTH; both derive key material with Tor's HKDF-SHA256 construction
// (tor-spec §5.2.2, "KDF-RFC5869": salt "ntor-curve25519-sha256-1:key_extract",
// info "ntor-curve25519-sha256-1:key_expand"). Wire format and constants are
// Tor's exactly; the package reproduces arti's ntor test vector byte for
// byte.
//
// Guarantees:
//   - Key generation uses the fixed-base (table-based) path of
//     curve25519.X25519; every scalar multiplication runs in constant time.
//     Each side's X25519 results share one field inversion
//     (curve25519.X25519Multi): the client's two, and the relay's two with
//     its ephemeral key generation in ServerHandshake.
//   - A client that handshakes often with the same relay key (its guard)
//     can prepare the key once with [PrecomputeRelayKey] and start with
//     [ClientHandshakePrecomputed]: EXP(B, x) then
//     walks a table of multiples of B instead of running a ladder, which
//     makes the client side about a quarter faster (the table costs about
//     three ladders and 30 KiB, so it pays from the fourth handshake).
//   - The client checks AUTH in constant time and returns no key material
//     unless it matches.
//   - A low-order relay onion key is refused where it enters
//     ([ClientHandshake], [PrecomputeRelayKey]), so no message is sent for
//     it. The check compares the public key with the seven low-order
//     encodings in variable time; B is public.
//   - A [ClientState] is single-use: Finish erases the ephemeral secret
//     whether it succeeds or fails, and a second Finish returns
//     [ErrStateUsed]. The relay erases its ephemeral secret before
//     ServerHandshake returns.
//   - Errors wrap the values of package
//     github.com/curvekit/curvekit/handshake, which this package's
//     [ErrInvalidLength], [ErrInvalidPoint], [ErrWrongRelay],
//     [ErrUnknownKey], [ErrAuthFailed] and [ErrStateUsed] are, so one
//     errors.Is test serves every curvekit Tor handshake.
//   - Each side computes both of its X25519 results and fails if either is
//     all zero (a low-order peer key), after computing both, so the failure
//     path is uniform. This is the check Tor uses instead of validating X
//     and Y; the ephemeral keys are not checked otherwise.
//   - Malformed messages (wrong lengths) are errors, never panics.
//   - Zero values and nil pointers fail closed: only the constructors make
//     usable keys, states, relays and key material, and every handshake
//     step, NewRelay, Read and Bytes refuse the zero value and nil with an
//     error (accessors such as PrivateKey.PublicKey return nil).
//
// Deliberate choices where Tor leaves room:
//   - Unknown key id. If the client's KEYID (B) is not one of the relay's
//     onion keys, or NODEID is not the relay's identity, [Relay.ServerHandshake]
//     returns [ErrUnknownKey] or [ErrWrongRelay] at once and does no scalar
//     multiplication. C tor instead carries on with junk keys so that the
//     failure shows only at the client's AUTH check. Both B and ID are public
//     (B is published in the relay's descriptor), so the early error reveals
//     nothing the client did not already send; it spares the relay two
//     scalar multiplications per bogus request and tells the caller plainly
//     to destroy the circuit.
//   - Key material is an [io.Reader] ([KeyMaterial]) over the HKDF output,
//     limited to RFC 5869's 255·32 = 8160 bytes. Tor reads 92 bytes from it
//     (Df 20, Db 20, Kf 16, Kb 16, KH 20). The HMACs and HKDF-Expand come
//     from internal/hmacsha256 (shared with package ace) rather than
//     crypto/hmac: the fixed keys t_key, t_verify and t_mac are prepared
//     once and nothing but the KeyMaterial is allocated for them.
//   - Every handshake step has the same shape as in the other curvekit Tor
//     handshakes: randomness first (an io.Reader; nil means crypto/rand),
//     then the relay identity, then the relay key as bytes, with a variant
//     that takes the prepared key ([ClientHandshakePrecomputed]); the relay
//     answers with the method [Relay.ServerHandshake](rand, msg). The
//     ...WithKey variants take a precomputed ephemeral key pair in place of
//     rand; an ephemeral key must never be used for more than one
//     handshake.
//   - The legacy CREATE-cell form (with the "ntorNTORntorNTOR" tag) is not
//     handled here: it only prefixes the same 84 bytes.
package ntor
