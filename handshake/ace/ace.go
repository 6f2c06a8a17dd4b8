package ace

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/curvekit/curvekit/handshake"

	"github.com/curvekit/curvekit/internal/hmacsha256"
)

// Sizes of the keys and messages, in bytes.
const (
	IDSize            = 32                       // NODEID, H_LENGTH in proposal 223
	PublicKeySize     = pointSize                // B, X1, X2, Y: uncompressed Edwards points x ‖ y
	PrivateKeySize    = 32                       // canonical scalar mod ℓ
	AuthSize          = sha256.Size              // AUTH
	ClientMessageSize = IDSize + 3*PublicKeySize // NODEID ‖ B ‖ X1 ‖ X2: 224
	ServerReplySize   = PublicKeySize + AuthSize // Y ‖ AUTH: 96
	KeyMaterialSize   = 2*20 + 2*16 + 20         // Df ‖ Db ‖ Kf ‖ Kb ‖ KH, as Tor takes from ntor
	fieldSize         = 32                       // canonical little-endian field element
	pointSize         = 2 * fieldSize            // x ‖ y
	keySeedTag        = "Key Seed"
	verifyTag         = "HMac Seed"
	serverTag         = "Server"
)

// Protocol constants, exactly as proposal 223 defines them (mExpand is this
// package's choice; the proposal only says "HKDF as with the ntor handshake").
const (
	ProtocolID = "ace-curve25519-ed-uncompressed-sha256-1"
	tKey       = ProtocolID + ":key"        // proposal 223: t_key
	tVerify    = ProtocolID + ":verify"     // proposal 223: t_verify
	mExpand    = ProtocolID + ":key_expand" // HKDF info; as ntor's m_expand (proposal 223 is silent)
)

// Errors returned by the handshake: returned errors wrap them, so test with
// errors.Is. They are the values of package handshake, so errors.Is matches
// the same failure from any of curvekit's Tor handshakes.
var (
	// ErrInvalidLength means a message, key or node ID has the wrong length.
	ErrInvalidLength = handshake.ErrInvalidLength
	// ErrInvalidPoint means a key or a peer's ephemeral point is not an
	// acceptable point: not canonical, not on the curve, of small order, or
	// (onion keys, and peer points under RejectTorsion) not of order ℓ.
	ErrInvalidPoint = handshake.ErrInvalidPoint
	// ErrWrongRelay means the client's NODEID is not this relay's node ID.
	ErrWrongRelay = handshake.ErrWrongRelay
	// ErrUnknownKey means the client's KEYID is none of the relay's onion keys.
	ErrUnknownKey = handshake.ErrUnknownKey
	// ErrAuthFailed means the relay's AUTH did not verify.
	ErrAuthFailed = handshake.ErrAuthFailed
	// ErrStateUsed means Finish was called a second time, or on a
	// ClientState that no ClientHandshake function made.
	ErrStateUsed = handshake.ErrStateUsed
)

var (
	errStateUsed = fmt.Errorf("ace: ClientState already finished or not made by a ClientHandshake function: %w", ErrStateUsed)
	errNilKey    = errors.New("ace: nil or uninitialized ephemeral key")
)

// SubgroupCheck is how a handshake treats a received ephemeral point (X1 and
// X2 at the relay, Y at the client) that is on the curve but not of prime
// order ℓ. Either way such a point cannot make AUTH or the keys depend on a
// secret scalar mod 8, and points of small order are rejected; the two
// checks differ only on mixed-order points (a point of order ℓ plus a
// non-zero torsion point), and they agree on every handshake between honest
// parties, whose points have order ℓ. Onion keys (NewPublicKey) are always
// checked in full, once.
type SubgroupCheck int

const (
	// ClearCofactor, the default, multiplies each received point P by the
	// cofactor 8 (three doublings) and the secret scalar by 8⁻¹ mod ℓ, so
	// that a torsion component of P drops out and the product is that of
	// P's prime-order part; P is rejected only if 8·P is the identity (P of
	// small order). This is how ntor treats points: X25519 clamps its
	// scalars to multiples of 8 and rejects only the all-zero output.
	// A mixed-order P is accepted; its encoding, torsion included, is what
	// both sides hash, so changing the torsion component of a point in
	// transit still makes the client's AUTH check fail.
	ClearCofactor SubgroupCheck = iota
	// RejectTorsion also rejects every point outside the prime-order
	// subgroup (curve25519's IsTorsionFree: one square root and one
	// quartic character, about 5% of a handshake per point), for
	// deployments that want every accepted encoding to be a point of order ℓ.
	RejectTorsion
)

// errUnknownCheck is the error of a handshake step under a SubgroupCheck
// other than ClearCofactor and RejectTorsion.
var errUnknownCheck = errors.New("ace: unknown SubgroupCheck")

// known reports whether c is one of the defined checks.
func (c SubgroupCheck) known() bool { return c == ClearCofactor || c == RejectTorsion }

// transcript holds the public values both sides hash.
type transcript struct {
	id           [IDSize]byte
	b, x1, x2, y [pointSize]byte
}

// The fixed HMAC keys t_key and t_verify, prepared once.
var (
	tKeyMAC    = hmacsha256.NewKey([]byte(tKey))
	tVerifyMAC = hmacsha256.NewKey([]byte(tVerify))
)

// derive computes, from the encoding of the shared point, AUTH and the key
// material (proposal 223; the key expansion is this package's choice, see the
// package documentation):
//
//	secret_input = point ‖ ID ‖ B ‖ X1 ‖ X2 ‖ Y ‖ PROTOID
//	KEY_SEED     = HMAC-SHA256(key t_key,    secret_input ‖ "Key Seed")
//	KEY_VERIFY   = HMAC-SHA256(key t_verify, secret_input ‖ "HMac Seed")
//	auth_input   = ID ‖ B ‖ Y ‖ X1 ‖ X2 ‖ PROTOID ‖ "Server"
//	AUTH         = HMAC-SHA256(key KEY_VERIFY, auth_input)
//	keys         = HKDF-Expand-SHA256(PRK KEY_SEED, info m_expand, KeyMaterialSize)
//
// The messages are hashed as lists of their fields, so nothing is laid out
// or allocated but the returned keys.
func (t *transcript) derive(shared *[pointSize]byte, auth *[AuthSize]byte) []byte {
	var keySeed, keyVerify [sha256.Size]byte
	defer clear(keySeed[:])
	defer clear(keyVerify[:])
	tKeyMAC.MAC(&keySeed, shared[:], t.id[:], t.b[:], t.x1[:], t.x2[:], t.y[:], []byte(ProtocolID), []byte(keySeedTag))
	tVerifyMAC.MAC(&keyVerify, shared[:], t.id[:], t.b[:], t.x1[:], t.x2[:], t.y[:], []byte(ProtocolID), []byte(verifyTag))
	hmacsha256.MAC(auth, keyVerify[:], t.id[:], t.b[:], t.y[:], t.x1[:], t.x2[:], []byte(ProtocolID), []byte(serverTag))

	keys := make([]byte, KeyMaterialSize)
	_ = hmacsha256.Expand(keys, keySeed[:], []byte(mExpand)) // cannot fail: see below
	return keys
}

// KeyMaterialSize is within HKDF-Expand's limit (compile-time check), so
// derive's Expand cannot fail.
const _ = uint(hmacsha256.MaxExpand - KeyMaterialSize)

// checkShared rejects a shared point equal to the identity (possible only
// with negligible probability for valid inputs; checked as a guard, as ntor
// rejects all-zero X25519 outputs). The comparison is constant time.
func checkShared(enc *[pointSize]byte) error {
	if isIdentityEncoding(enc) {
		return fmt.Errorf("ace: shared point is the identity: %w", ErrInvalidPoint)
	}
	return nil
}

// ClientState is the client's side of one handshake, between a
// ClientHandshake function and Finish. It holds the ephemeral secrets x1 and
// x2 and is single-use: Finish erases them whether it succeeds or fails, and
// a second Finish, like Finish on the zero ClientState or a nil pointer,
// returns ErrStateUsed.
type ClientState struct {
	t     transcript
	relay point  // B
	x1    secret // multiplies Y (decodePeerPoint)
	x2    scalar // multiplies B, which has order ℓ (NewPublicKey)
	check SubgroupCheck
	ready bool // set by newClientHandshake, cleared by Finish
}

// SetSubgroupCheck sets how Finish treats the relay's point Y (the default
// is ClearCofactor). Call it before Finish. A check other than
// ClearCofactor and RejectTorsion makes Finish fail. On a nil st it does
// nothing (Finish on nil fails).
func (st *ClientState) SetSubgroupCheck(check SubgroupCheck) {
	if st == nil {
		return
	}
	st.check = check
}

// ClientHandshake starts a handshake with the relay whose node ID is
// relayID (IDSize bytes) and whose onion key is the PublicKeySize-byte
// encoding relayKey. It reads the two ephemeral keys from rand (crypto/rand
// if nil) and returns the client state and the ClientMessageSize-byte
// message NODEID ‖ B ‖ X1 ‖ X2 to send. relayKey is checked as NewPublicKey
// checks it (an invalid or low-order key returns ErrInvalidPoint), so no
// message is sent for a bad key; a client that handshakes often with one
// relay parses its key once and calls ClientHandshakePrecomputed.
func ClientHandshake(rand io.Reader, relayID, relayKey []byte) (*ClientState, []byte, error) {
	if err := checkRelayID(relayID); err != nil {
		return nil, nil, err
	}
	pub, err := NewPublicKey(relayKey)
	if err != nil {
		return nil, nil, err
	}
	return clientHandshake(rand, relayID, pub, nil, nil)
}

// ClientHandshakePrecomputed is ClientHandshake with the relay's onion key
// parsed and checked once by NewPublicKey, which spares the client the
// decoding and the subgroup check on every handshake.
func ClientHandshakePrecomputed(rand io.Reader, relayID []byte, relayKey *PublicKey) (*ClientState, []byte, error) {
	return clientHandshake(rand, relayID, relayKey, nil, nil)
}

// ClientHandshakeWithKeys is ClientHandshake with precomputed ephemeral key
// pairs (x1, X1) and (x2, X2) in place of rand, for callers that generate
// them ahead of time (with GenerateKey). Each ephemeral key must be used
// for one handshake only and then discarded: reusing x1 and x2 links the
// handshakes and gives up forward secrecy. x1 and x2 must also be
// independent: with x2 = c·x1 for a c an attacker knows, the attacker can
// answer as the relay (with Y = y'·G − c·B, the client's point is y'·X1), so
// equal keys are refused. The state keeps copies of the secrets, which
// Finish erases.
func ClientHandshakeWithKeys(x1, x2 *PrivateKey, relayID, relayKey []byte) (*ClientState, []byte, error) {
	if !x1.valid() || !x2.valid() {
		return nil, nil, errNilKey
	}
	if err := checkRelayID(relayID); err != nil {
		return nil, nil, err
	}
	pub, err := NewPublicKey(relayKey)
	if err != nil {
		return nil, nil, err
	}
	return clientHandshake(nil, relayID, pub, x1, x2)
}

// ClientHandshakePrecomputedWithKeys is ClientHandshakeWithKeys with the
// relay's onion key parsed by NewPublicKey.
func ClientHandshakePrecomputedWithKeys(x1, x2 *PrivateKey, relayID []byte, relayKey *PublicKey) (*ClientState, []byte, error) {
	if !x1.valid() || !x2.valid() {
		return nil, nil, errNilKey
	}
	return clientHandshake(nil, relayID, relayKey, x1, x2)
}

func checkRelayID(relayID []byte) error {
	if len(relayID) != IDSize {
		return fmt.Errorf("ace: node ID is %d bytes, want %d: %w", len(relayID), IDSize, ErrInvalidLength)
	}
	return nil
}

// clientHandshake starts a handshake with the ephemeral keys k1 and k2, or,
// if either is nil, with fresh ones read from rand.
func clientHandshake(rand io.Reader, relayID []byte, relayKey *PublicKey, k1, k2 *PrivateKey) (*ClientState, []byte, error) {
	if err := checkRelayID(relayID); err != nil {
		return nil, nil, err
	}
	if !relayKey.valid() {
		return nil, nil, errors.New("ace: nil or uninitialized relay key")
	}
	if (k1 != nil && !k1.pub.ok) || (k2 != nil && !k2.pub.ok) {
		return nil, nil, errNilKey
	}
	if k1 == nil || k2 == nil {
		var e1, e2 PrivateKey
		defer e1.erase()
		defer e2.erase()
		if err := e1.generatePoint(rand); err != nil {
			return nil, nil, err
		}
		if err := e2.generatePoint(rand); err != nil {
			return nil, nil, err
		}
		// X1 and X2 share one inversion.
		encodePoints([]*[pointSize]byte{&e1.pub.enc, &e2.pub.enc}, &e1.pub.p, &e2.pub.p)
		e1.pub.ok, e2.pub.ok = true, true
		k1, k2 = &e1, &e2
	}
	if k1.pub.enc == k2.pub.enc {
		return nil, nil, errors.New("ace: the two client ephemeral keys are equal")
	}
	st := &ClientState{ready: true}
	copy(st.t.id[:], relayID)
	st.t.b = relayKey.enc
	st.relay.Set(&relayKey.p)
	st.x1 = k1.secret
	st.x2.Set(&k2.s)
	st.t.x1 = k1.pub.enc
	st.t.x2 = k2.pub.enc

	msg := make([]byte, 0, ClientMessageSize)
	msg = append(msg, st.t.id[:]...)
	msg = append(msg, st.t.b[:]...)
	msg = append(msg, st.t.x1[:]...)
	msg = append(msg, st.t.x2[:]...)
	return st, msg, nil
}

// Finish processes the relay's ServerReplySize-byte reply Y ‖ AUTH. It
// returns KeyMaterialSize bytes of key material only if Y is a valid point
// and AUTH (compared in constant time) proves that the relay holds the
// onion key; otherwise it returns an error and no keys. The state is
// single-use: its secrets are erased and later calls return ErrStateUsed.
func (st *ClientState) Finish(reply []byte) ([]byte, error) {
	if st == nil || !st.ready {
		return nil, errStateUsed
	}
	st.ready = false
	defer st.x1.erase()
	defer st.x2.Set(zeroScalar)

	if !st.check.known() {
		return nil, errUnknownCheck
	}
	if len(reply) != ServerReplySize {
		return nil, fmt.Errorf("ace: reply is %d bytes, want %d: %w", len(reply), ServerReplySize, ErrInvalidLength)
	}
	var Y point
	if err := decodePeerPoint(&Y, reply[:pointSize], st.check); err != nil {
		return nil, fmt.Errorf("ace: relay's Y: %v: %w", err, ErrInvalidPoint)
	}
	copy(st.t.y[:], reply[:pointSize])

	// point = x1·Y + x2·B (as (x1/8)·8Y when Y is cofactor-cleared), which
	// equals the relay's y·X1 + b·X2.
	var r point
	doubleScalarMult(&r, st.x1.scalarFor(st.check), &Y, &st.x2, &st.relay)
	var shared [pointSize]byte
	defer clear(shared[:])
	encodePoints([]*[pointSize]byte{&shared}, &r)
	if err := checkShared(&shared); err != nil {
		return nil, err
	}
	var auth [AuthSize]byte
	keys := st.t.derive(&shared, &auth)
	if !hmac.Equal(auth[:], reply[pointSize:]) {
		clear(keys)
		return nil, fmt.Errorf("ace: relay's AUTH does not verify: %w", ErrAuthFailed)
	}
	return keys, nil
}

// ServerHandshake answers a client message as relay r: it reads the
// ephemeral key y from rand (crypto/rand if nil) once the message has passed
// its checks, and returns the ServerReplySize-byte reply Y ‖ AUTH and
// KeyMaterialSize bytes of key material. It fails, before any secret
// computation, on a message of the wrong length (ErrInvalidLength), a node
// ID other than the relay's (ErrWrongRelay), an onion key the relay does
// not hold (ErrUnknownKey), and client keys X1, X2 that are not canonical
// encodings of curve points, or are of small order, or, under
// RejectTorsion, are not of order ℓ (ErrInvalidPoint). The ephemeral
// secret is erased before it returns.
func (r *Relay) ServerHandshake(rand io.Reader, msg []byte) (reply, keyMaterial []byte, err error) {
	return r.serverHandshake(rand, msg, nil)
}

// ServerHandshakeWithKey is ServerHandshake with a precomputed ephemeral
// key pair (y, Y) made with GenerateKey in place of rand. It must be used
// for one handshake only and then discarded: a reused y gives up forward
// secrecy.
func (r *Relay) ServerHandshakeWithKey(eph *PrivateKey, msg []byte) (reply, keyMaterial []byte, err error) {
	if !eph.valid() {
		return nil, nil, errNilKey
	}
	return r.serverHandshake(nil, msg, eph)
}

// serverHandshake answers msg with the ephemeral key ky, or, if ky is nil,
// with a fresh one read from rand.
func (r *Relay) serverHandshake(rand io.Reader, msg []byte, ky *PrivateKey) (reply, keyMaterial []byte, err error) {
	if r == nil || len(r.keys) == 0 {
		return nil, nil, errors.New("ace: nil or uninitialized relay")
	}
	if !r.check.known() {
		return nil, nil, errUnknownCheck
	}
	if len(msg) != ClientMessageSize {
		return nil, nil, fmt.Errorf("ace: client message is %d bytes, want %d: %w", len(msg), ClientMessageSize, ErrInvalidLength)
	}
	var t transcript
	m := msg
	m = m[copy(t.id[:], m):]
	m = m[copy(t.b[:], m):]
	m = m[copy(t.x1[:], m):]
	copy(t.x2[:], m)
	if t.id != r.nodeID {
		return nil, nil, fmt.Errorf("ace: client message is for node ID %s: %w", hex.EncodeToString(t.id[:]), ErrWrongRelay)
	}
	k := r.lookup(t.b[:])
	if k == nil {
		return nil, nil, fmt.Errorf("ace: client message names onion key %s: %w", hex.EncodeToString(t.b[:]), ErrUnknownKey)
	}
	var X1, X2 point // or 8·X1 and 8·X2 (decodePeerPoint)
	if err := decodePeerPoint(&X1, t.x1[:], r.check); err != nil {
		return nil, nil, fmt.Errorf("ace: client's X1: %v: %w", err, ErrInvalidPoint)
	}
	if err := decodePeerPoint(&X2, t.x2[:], r.check); err != nil {
		return nil, nil, fmt.Errorf("ace: client's X2: %v: %w", err, ErrInvalidPoint)
	}
	fresh := ky == nil
	if fresh {
		var e PrivateKey
		defer e.erase()
		if err := e.generatePoint(rand); err != nil {
			return nil, nil, err
		}
		ky = &e
	} else if !ky.pub.ok {
		return nil, nil, errNilKey
	}

	// point = y·X1 + b·X2 (as (y/8)·8X1 + (b/8)·8X2 when cofactor-cleared).
	var sp point
	doubleScalarMult(&sp, ky.scalarFor(r.check), &X1, k.scalarFor(r.check), &X2)
	var shared [pointSize]byte
	defer clear(shared[:])
	if fresh {
		// A fresh Y and the shared point share one inversion.
		encodePoints([]*[pointSize]byte{&ky.pub.enc, &shared}, &ky.pub.p, &sp)
		ky.pub.ok = true
	} else {
		encodePoints([]*[pointSize]byte{&shared}, &sp)
	}
	if err := checkShared(&shared); err != nil {
		return nil, nil, err
	}
	t.y = ky.pub.enc
	var auth [AuthSize]byte
	keyMaterial = t.derive(&shared, &auth)
	reply = make([]byte, 0, ServerReplySize)
	reply = append(reply, t.y[:]...)
	reply = append(reply, auth[:]...)
	return reply, keyMaterial, nil
}
