// Package ace implements Ace, the one-way authenticated circuit-creation
// handshake of Tor proposal 223 (Backes, Kate and Mohammadi, "Ace: An
// Efficient Key-Exchange Protocol for Onion Routing", WPES 2012), on the
// prime-order subgroup of edwards25519.
//
//	// Client: the relay's node ID and onion key B (64 bytes) from its descriptor.
//	state, msg, err := ace.ClientHandshake(nil, nodeID, onionKey)
//	keys, err := state.Finish(reply) // AUTH checked; state erased
//
//	// Relay: relay, err := ace.NewRelay(nodeID, privateOnionKey), once.
//	reply, keys, err := relay.ServerHandshake(nil, msg)
//
// Like ntor (tor-spec §5.1.4), Ace lets a client that knows a relay's node
// ID and onion key B = b·G agree on keys with that relay, authenticating the
// relay but not the client, with forward secrecy. Where ntor's relay computes
// two X25519 products, Ace's computes one two-point multiplication:
//
//	client → relay:  NODEID ‖ B ‖ X1 ‖ X2         X1 = x1·G, X2 = x2·G
//	relay:           point = y·X1 + b·X2          Y = y·G
//	relay → client:  Y ‖ AUTH
//	client:          point = x1·Y + x2·B          (= (x1·y + x2·b)·G)
//
// and then, on both sides (proposal 223):
//
//	secret_input = point ‖ NODEID ‖ B ‖ X1 ‖ X2 ‖ Y ‖ PROTOID
//	KEY_SEED     = HMAC-SHA256(key t_key,    secret_input ‖ "Key Seed")
//	KEY_VERIFY   = HMAC-SHA256(key t_verify, secret_input ‖ "HMac Seed")
//	auth_input   = NODEID ‖ B ‖ Y ‖ X1 ‖ X2 ‖ PROTOID ‖ "Server"
//	AUTH         = HMAC-SHA256(key KEY_VERIFY, auth_input)
//
// with t_key = PROTOID ‖ ":key" and t_verify = PROTOID ‖ ":verify". The
// client accepts only if AUTH matches (compared in constant time).
//
// # Choices where proposal 223 is open
//
// Proposal 223 was never deployed and has no reference implementation or
// test vectors; it leaves the following open, decided here (symmetric with
// ntor where the proposal is silent):
//
//   - Group: "curve25519 with g = 9" is read as edwards25519 with the
//     Ed25519 basepoint, which the birational map of RFC 7748 §4.1 sends to
//     u = 9. A two-point multiplication needs point addition, which bare
//     Montgomery u-coordinates lack, hence the Edwards form.
//   - Point encoding: the proposal's own, as its PROTOID
//     "ace-curve25519-ed-uncompressed-sha256-1" names it: uncompressed
//     Edwards points, 64 bytes x ‖ y, each coordinate the canonical 32-byte
//     little-endian field encoding (as RFC 8032 encodes y, but with bit 255
//     always 0). A received point is decoded without a square root (x is
//     given, so the curve equation is checked instead of solved), which
//     saves one per received point, three per handshake, over RFC 8032's
//     compressed form; encoding costs one field inversion either way, and
//     here points encoded together share it. Decoding is strict: a
//     coordinate ≥ p or with bit 255 set, or a point off the curve, is
//     rejected, so every accepted point has exactly one encoding and both
//     sides hash the same bytes. ProtocolID, and so t_key, t_verify and
//     the rest derived from it, are exactly the proposal's strings. The
//     messages are NODEID ‖ B ‖ X1 ‖ X2 = 32 + 3·64 = 224 bytes
//     (ClientMessageSize) and Y ‖ AUTH = 64 + 32 = 96 bytes
//     (ServerReplySize), and the shared point enters secret_input as its
//     64-byte x ‖ y. Both fit one cell: CREATE2 carries up to 505 bytes of
//     handshake data and CREATED2 up to 507 (509-byte cell bodies), and an
//     EXTEND2 relay cell keeps room for 224 bytes after its link
//     specifiers.
//   - NODEID is 32 bytes (IDSize), the H_LENGTH the proposal gives it;
//     that fits a relay's Ed25519 identity rather than ntor's 20-byte RSA
//     digest. KEYID(B) = B, as in the proposal.
//   - Key expansion ("HKDF as with the ntor handshake"): HKDF-SHA256
//     (RFC 5869) with salt t_key, IKM secret_input ‖ "Key Seed" and info
//     m_expand = PROTOID ‖ ":key_expand". Its extract step is exactly
//     KEY_SEED, so the keys are HKDF-Expand(KEY_SEED, m_expand) — the same
//     relation ntor's KEY_SEED has to its KDF in tor-spec §5.2.2.
//   - Key material: KeyMaterialSize = 92 bytes, what Tor takes from ntor for
//     a relay hop: Df (20) ‖ Db (20) ‖ Kf (16) ‖ Kb (16) ‖ KH (20).
//   - t_mac is defined by the proposal but never used by it; it is not used
//     here either (AUTH is keyed with KEY_VERIFY, as the proposal says).
//
// # Guarantees
//
// Secret scalars (the onion key b and the ephemerals x1, x2, y) are 64
// random bytes reduced mod ℓ, never zero, and are used only by
// constant-time code: the fixed-base multiplication, the constant-time
// two-point multiplication a·P + c·Q of the curve25519 package, and
// HMAC-SHA256.
//
// Received points: the onion key B is decoded once, by NewPublicKey, which
// accepts only a canonical encoding of a point of order exactly ℓ (the
// identity, the other small-order points and the points with a small-order
// component are rejected). The ephemeral points — X1 and X2 at the relay, Y
// at the client — must be canonical encodings of curve points, and a
// torsion component in them must not reach the shared point, since the
// scalars are reduced mod ℓ rather than clamped to multiples of the
// cofactor 8: y·(X + T) would reveal b mod 8 (the relay) or x1 mod 8 (the
// client) through AUTH. SubgroupCheck chooses how:
//
//   - ClearCofactor (the default) multiplies each received point by 8 (three
//     doublings) and the scalar by 8⁻¹ mod ℓ, so the torsion component
//     drops out and the product is that of the point's prime-order part,
//     the same as y·X for X of order ℓ; a point of small order (8·X the
//     identity) is rejected. This is the usual cofactor clearing, and what
//     ntor does: X25519 clamps its scalars to multiples of 8 and rejects
//     only the all-zero output.
//     A mixed-order point is accepted, and its encoding, torsion included,
//     is what both sides hash, so a torsion component added in transit
//     still makes the client's AUTH check fail.
//   - RejectTorsion (Relay.WithSubgroupCheck, ClientState.SetSubgroupCheck)
//     also rejects every ephemeral point outside the prime-order subgroup
//     with curve25519's IsTorsionFree (one square root and one quartic
//     character, about 5% of a handshake per point), so that every accepted
//     encoding is a point of order ℓ.
//
// The two agree on every handshake between honest parties, whose points
// have order ℓ, so each side may choose its own. These checks, like the key
// lookup, run in variable time on public data only. A shared point equal
// to the identity (negligibly likely once the points are valid) is
// rejected too, as ntor rejects all-zero X25519 outputs.
//
// Malformed input returns an error, never a panic: wrong lengths
// (ErrInvalidLength), an invalid point (ErrInvalidPoint), a message for
// another node ID (ErrWrongRelay), a key ID the relay does not hold
// (ErrUnknownKey), an AUTH mismatch (ErrAuthFailed). These are the values
// of package github.com/curvekit/curvekit/handshake, so one errors.Is test
// serves every curvekit Tor handshake. Unlike C tor's ntor, which carries
// on with junk keys after an unknown key ID so that only the client sees
// the failure, the relay here fails at once: B is published in the relay's
// descriptor, so the early error reveals nothing an observer could not
// learn there, and it spares the relay the multiplication. An invalid or
// low-order onion key is refused where it enters (ClientHandshake,
// NewPublicKey), so no message is sent for it. The client state is
// single-use: Finish erases its secrets (best effort, as Go allows) whether
// it succeeds or fails, and a second Finish returns ErrStateUsed.
//
// The API has the shape of the other curvekit Tor handshakes: randomness
// first (an io.Reader, nil meaning crypto/rand; the WithKeys and WithKey
// variants take ephemeral key pairs in its place), then the relay's node ID
// and onion key, as bytes ([ClientHandshake]) or parsed once by
// NewPublicKey ([ClientHandshakePrecomputed]); the relay answers with the
// method [Relay.ServerHandshake](rand, msg).
//
// Zero values and nil pointers fail closed: only the constructors make
// usable keys, states and relays; every handshake step and NewRelay refuse
// the zero value and nil with an error, Equal reports false and Bytes and
// PublicKey return nil. A SubgroupCheck other than ClearCofactor and
// RejectTorsion makes the next handshake step fail, as ed25519 refuses an
// unknown Policy.
//
// Per handshake Ace does three fixed-base and two constant-time two-point
// multiplications, where ntor does two fixed-base and four variable-base
// X25519; DESIGN.md in the package's source directory has the cost
// breakdown and the benchmark that compares the two.
package ace
