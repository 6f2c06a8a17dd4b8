package ace

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/internal/hmacsha256"
)

// Sizes of the keys and messages, in bytes.
const (
	NodeIDSize        = 32                           // NODEID, H_LENGTH in proposal 223
	PublicKeySize     = pointSize                    // B, X1, X2, Y: uncompressed Edwards points x ‖ y
	PrivateKeySize    = 32                           // canonical scalar mod ℓ
	AuthSize          = sha256.Size                  // AUTH
	ClientMessageSize = NodeIDSize + 3*PublicKeySize // NODEID ‖ B ‖ X1 ‖ X2: 224
	ServerReplySize   = PublicKeySize + AuthSize     // Y ‖ AUTH: 96
	KeyMaterialSize   = 2*20 + 2*16 + 20             // Df ‖ Db ‖ Kf ‖ Kb ‖ KH, as Tor takes from ntor
	fieldSize         = 32                           // canonical little-endian field element
	pointSize         = 2 * fieldSize                // x ‖ y
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

// Errors returned by the handshake. Errors about points wrap ErrInvalidPoint
// and errors about sizes wrap ErrInvalidLength, so test with errors.Is.
var (
	ErrInvalidLength = errors.New("ace: wrong length")
	ErrInvalidPoint  = errors.New("ace: invalid point")
	ErrWrongNode     = errors.New("ace: message is addressed to another node ID")
	ErrUnknownKey    = errors.New("ace: message names an onion key this relay does not hold")
	ErrAuthFailed    = errors.New("ace: server authentication failed")
	ErrStateUsed     = errors.New("ace: client handshake state already used or not initialized")
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
	id           [NodeIDSize]byte
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
		return fmt.Errorf("%w: shared point is the identity", ErrInvalidPoint)
	}
	return nil
}

// ClientState is the client's side of one handshake, between
// NewClientHandshake and Finish. It holds the ephemeral secrets x1 and x2 and
// can finish only once. Finish on the zero ClientState or a nil pointer
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

// NewClientHandshake starts a handshake with the relay whose node ID is
// nodeID (NodeIDSize bytes) and whose onion key is relayKey. It returns the
// client state and the ClientMessageSize-byte message NODEID ‖ B ‖ X1 ‖ X2
// to send. The ephemeral keys come from crypto/rand.
func NewClientHandshake(nodeID []byte, relayKey *PublicKey) (*ClientState, []byte, error) {
	return newClientHandshake(nodeID, relayKey, nil, nil)
}

// NewClientHandshakeWithKeys is NewClientHandshake with precomputed
// ephemeral key pairs (x1, X1) and (x2, X2), for callers that generate them
// ahead of time (made with GenerateKey). Each ephemeral key must be used for
// one handshake only and then discarded: reusing x1 and x2 links the
// handshakes and gives up forward secrecy. k1 and k2 must also be
// independent: with x2 = c·x1 for a c an attacker knows, the attacker can
// answer as the relay (with Y = y'·G − c·B, the client's point is y'·X1), so
// equal keys are refused. If k1 or k2 is nil, fresh keys are made from
// crypto/rand; a non-nil key that GenerateKey or NewPrivateKey did not make
// is refused.
func NewClientHandshakeWithKeys(nodeID []byte, relayKey *PublicKey, k1, k2 *PrivateKey) (*ClientState, []byte, error) {
	return newClientHandshake(nodeID, relayKey, k1, k2)
}

func newClientHandshake(nodeID []byte, relayKey *PublicKey, k1, k2 *PrivateKey) (*ClientState, []byte, error) {
	if len(nodeID) != NodeIDSize {
		return nil, nil, fmt.Errorf("%w: node ID is %d bytes, want %d", ErrInvalidLength, len(nodeID), NodeIDSize)
	}
	if relayKey == nil || !relayKey.ok {
		return nil, nil, errors.New("ace: nil or uninitialized relay key")
	}
	if (k1 != nil && !k1.pub.ok) || (k2 != nil && !k2.pub.ok) {
		return nil, nil, errors.New("ace: uninitialized ephemeral key")
	}
	if k1 == nil || k2 == nil {
		var e1, e2 PrivateKey
		defer e1.erase()
		defer e2.erase()
		if err := e1.generatePoint(nil); err != nil {
			return nil, nil, err
		}
		if err := e2.generatePoint(nil); err != nil {
			return nil, nil, err
		}
		// X1 and X2 share one inversion.
		encodePoints([]*[pointSize]byte{&e1.pub.enc, &e2.pub.enc}, &e1.pub.p, &e2.pub.p)
		e1.pub.ok, e2.pub.ok = true, true
		k1, k2 = &e1, &e2
	}
	if !k1.pub.ok || !k2.pub.ok {
		return nil, nil, errors.New("ace: uninitialized ephemeral key")
	}
	if k1.pub.enc == k2.pub.enc {
		return nil, nil, errors.New("ace: the two client ephemeral keys are equal")
	}
	st := &ClientState{ready: true}
	copy(st.t.id[:], nodeID)
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
		return nil, ErrStateUsed
	}
	st.ready = false
	defer st.x1.erase()
	defer st.x2.Set(zeroScalar)

	if !st.check.known() {
		return nil, errUnknownCheck
	}
	if len(reply) != ServerReplySize {
		return nil, fmt.Errorf("%w: server reply is %d bytes, want %d", ErrInvalidLength, len(reply), ServerReplySize)
	}
	var Y point
	if err := decodePeerPoint(&Y, reply[:pointSize], st.check); err != nil {
		return nil, fmt.Errorf("%w: Y: %v", ErrInvalidPoint, err)
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
		return nil, ErrAuthFailed
	}
	return keys, nil
}

// ServerHandshake answers a client message as relay.
// It returns the ServerReplySize-byte reply Y ‖ AUTH and KeyMaterialSize
// bytes of key material. It fails, before any secret computation, on a
// message of the wrong length (ErrInvalidLength), a node ID other than the
// relay's (ErrWrongNode), an onion key the relay does not hold
// (ErrUnknownKey), and client keys X1, X2 that are not canonical encodings
// of curve points, or are of small order, or, under RejectTorsion, are not
// of order ℓ (ErrInvalidPoint). The ephemeral key y comes from crypto/rand.
func ServerHandshake(msg []byte, relay *Relay) (reply, keyMaterial []byte, err error) {
	return serverHandshake(msg, relay, nil)
}

// ServerHandshakeWithKey is ServerHandshake with a precomputed ephemeral
// key pair (y, Y) made with GenerateKey. It must be used for one handshake
// only and then discarded: a reused y gives up forward secrecy. If ky is nil,
// a fresh key is made from crypto/rand once the message has passed its
// checks.
func ServerHandshakeWithKey(msg []byte, relay *Relay, ky *PrivateKey) (reply, keyMaterial []byte, err error) {
	return serverHandshake(msg, relay, ky)
}

func serverHandshake(msg []byte, relay *Relay, ky *PrivateKey) (reply, keyMaterial []byte, err error) {
	if relay == nil || len(relay.keys) == 0 {
		return nil, nil, errors.New("ace: nil or uninitialized relay")
	}
	if !relay.check.known() {
		return nil, nil, errUnknownCheck
	}
	if len(msg) != ClientMessageSize {
		return nil, nil, fmt.Errorf("%w: client message is %d bytes, want %d", ErrInvalidLength, len(msg), ClientMessageSize)
	}
	var t transcript
	m := msg
	m = m[copy(t.id[:], m):]
	m = m[copy(t.b[:], m):]
	m = m[copy(t.x1[:], m):]
	copy(t.x2[:], m)
	if t.id != relay.nodeID {
		return nil, nil, ErrWrongNode
	}
	k := relay.lookup(t.b[:])
	if k == nil {
		return nil, nil, ErrUnknownKey
	}
	var X1, X2 point // or 8·X1 and 8·X2 (decodePeerPoint)
	if err := decodePeerPoint(&X1, t.x1[:], relay.check); err != nil {
		return nil, nil, fmt.Errorf("%w: X1: %v", ErrInvalidPoint, err)
	}
	if err := decodePeerPoint(&X2, t.x2[:], relay.check); err != nil {
		return nil, nil, fmt.Errorf("%w: X2: %v", ErrInvalidPoint, err)
	}
	fresh := ky == nil
	if fresh {
		var e PrivateKey
		defer e.erase()
		if err := e.generatePoint(nil); err != nil {
			return nil, nil, err
		}
		ky = &e
	} else if !ky.pub.ok {
		return nil, nil, errors.New("ace: uninitialized ephemeral key")
	}

	// point = y·X1 + b·X2 (as (y/8)·8X1 + (b/8)·8X2 when cofactor-cleared).
	var r point
	doubleScalarMult(&r, ky.scalarFor(relay.check), &X1, k.scalarFor(relay.check), &X2)
	var shared [pointSize]byte
	defer clear(shared[:])
	if fresh {
		// A fresh Y and the shared point share one inversion.
		encodePoints([]*[pointSize]byte{&ky.pub.enc, &shared}, &ky.pub.p, &r)
		ky.pub.ok = true
	} else {
		encodePoints([]*[pointSize]byte{&shared}, &r)
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
