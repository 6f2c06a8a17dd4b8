package ntor

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/handshake"
	"github.com/curvekit/curvekit/internal/hmacsha256"
)

// Sizes of the protocol fields and messages.
const (
	// IDSize is the size of a relay identity (NODEID): the SHA-1 digest of
	// its RSA identity key.
	IDSize = 20
	// ClientMessageSize is the size of the client's message ID ‖ B ‖ X.
	ClientMessageSize = IDSize + 2*KeySize
	// ServerReplySize is the size of the relay's reply Y ‖ AUTH.
	ServerReplySize = KeySize + sha256.Size
)

// Protocol constants (tor-spec §5.1.4).
const (
	protoID = "ntor-curve25519-sha256-1"
	tMac    = protoID + ":mac"
	tKey    = protoID + ":key_extract"
	tVerify = protoID + ":verify"
	mExpand = protoID + ":key_expand"
	server  = "Server"
)

var (
	errNilKey      = errors.New("ntor: nil or uninitialized ephemeral key")
	errNilRelay    = errors.New("ntor: nil or uninitialized Relay")
	errNilRelayKey = errors.New("ntor: nil or uninitialized PrecomputedRelayKey")
	errStateUsed   = fmt.Errorf("ntor: ClientState already finished or not made by a ClientHandshake function: %w", ErrStateUsed)
)

// Errors returned by the handshake: returned errors wrap them, and they are
// the values of package handshake, so errors.Is matches the same failure
// from any of curvekit's Tor handshakes.
var (
	// ErrInvalidLength means a message, key or identity has the wrong length.
	ErrInvalidLength = handshake.ErrInvalidLength
	// ErrInvalidPoint means a peer key has low order: the relay's onion key
	// B, the client's X or the relay's Y (an all-zero X25519 result).
	ErrInvalidPoint = handshake.ErrInvalidPoint
	// ErrWrongRelay means the client's NODEID is not this relay's identity.
	ErrWrongRelay = handshake.ErrWrongRelay
	// ErrUnknownKey means the client's KEYID is none of the relay's onion keys.
	ErrUnknownKey = handshake.ErrUnknownKey
	// ErrAuthFailed means the relay's AUTH did not verify.
	ErrAuthFailed = handshake.ErrAuthFailed
	// ErrStateUsed means Finish was called a second time, or on a
	// ClientState that no ClientHandshake function made.
	ErrStateUsed = handshake.ErrStateUsed
)

// ClientState is what the client keeps between sending its message and
// receiving the relay's reply. Only the ClientHandshake functions make one.
// It is single-use: Finish erases the ephemeral secret whether it succeeds
// or fails, and a second Finish, like Finish on the zero ClientState or a
// nil pointer, returns ErrStateUsed.
type ClientState struct {
	id    [IDSize]byte
	b     [KeySize]byte                 // relay onion key B
	bt    *curve25519.PrecomputedX25519 // B's table, or nil
	x     [KeySize]byte                 // ephemeral secret x; erased by Finish
	pub   [KeySize]byte                 // X
	ready bool                          // set by the constructors, cleared by Finish
}

// ClientHandshake starts a handshake with the relay whose identity digest is
// relayID (20 bytes) and whose onion key is relayKey (32 bytes). It reads a
// fresh ephemeral key (32 bytes) from rand (crypto/rand if nil) and returns
// the client state and the 84-byte message to send. A low-order relayKey is
// refused here, with ErrInvalidPoint, so no message is sent for it.
func ClientHandshake(rand io.Reader, relayID, relayKey []byte) (*ClientState, []byte, error) {
	if err := checkRelay(relayID, relayKey); err != nil {
		return nil, nil, err
	}
	eph, err := GenerateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	defer eph.erase()
	return clientHandshake(eph, relayID, relayKey, nil)
}

// ClientHandshakeWithKey is ClientHandshake with a precomputed ephemeral key
// pair. eph must be fresh and used for this handshake only; the state keeps
// a copy of it, which Finish erases.
func ClientHandshakeWithKey(eph *PrivateKey, relayID, relayKey []byte) (*ClientState, []byte, error) {
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	if err := checkRelay(relayID, relayKey); err != nil {
		return nil, nil, err
	}
	return clientHandshake(eph, relayID, relayKey, nil)
}

// checkRelay checks the lengths of a relay identity and onion key and
// refuses a low-order onion key (in variable time: B is public).
func checkRelay(relayID, relayKey []byte) error {
	if len(relayID) != IDSize {
		return fmt.Errorf("ntor: relay ID is %d bytes, want %d: %w", len(relayID), IDSize, ErrInvalidLength)
	}
	return checkRelayKey(relayKey)
}

func checkRelayKey(relayKey []byte) error {
	if len(relayKey) != KeySize {
		return fmt.Errorf("ntor: relay onion key is %d bytes, want %d: %w", len(relayKey), KeySize, ErrInvalidLength)
	}
	if isLowOrder(relayKey) {
		return fmt.Errorf("ntor: relay onion key %s has low order: %w", hex.EncodeToString(relayKey), ErrInvalidPoint)
	}
	return nil
}

// clientHandshake builds the state and message; the arguments have been
// checked. bt is B's table or nil.
func clientHandshake(eph *PrivateKey, relayID, relayKey []byte, bt *curve25519.PrecomputedX25519) (*ClientState, []byte, error) {
	c := &ClientState{x: eph.secret, pub: eph.public, bt: bt, ready: true}
	copy(c.id[:], relayID)
	copy(c.b[:], relayKey)
	msg := make([]byte, 0, ClientMessageSize)
	msg = append(msg, c.id[:]...)
	msg = append(msg, c.b[:]...)
	msg = append(msg, c.pub[:]...)
	return c, msg, nil
}

// PrecomputedRelayKey is a relay's onion key B prepared for many client
// handshakes: the client's EXP(B, x) then walks a table of multiples of B
// (curve25519.PrecomputedX25519) instead of running a Montgomery ladder,
// about three times faster. Building it costs about three ladders and 30 KiB,
// so it pays from the fourth handshake with the same relay key (a guard's,
// typically). A PrecomputedRelayKey is read-only and safe for concurrent use.
// Only PrecomputeRelayKey makes one: the zero value and a nil pointer
// return errors (and Bytes nil).
type PrecomputedRelayKey struct {
	b [KeySize]byte
	t *curve25519.PrecomputedX25519
}

// PrecomputeRelayKey prepares the 32-byte onion key relayKey. A wrong
// length returns ErrInvalidLength and a low-order key ErrInvalidPoint, as
// ClientHandshake does, so a prepared key never makes a handshake fail.
func PrecomputeRelayKey(relayKey []byte) (*PrecomputedRelayKey, error) {
	if err := checkRelayKey(relayKey); err != nil {
		return nil, err
	}
	t, err := curve25519.NewPrecomputedX25519(relayKey)
	if err != nil {
		return nil, fmt.Errorf("ntor: preparing relay onion key: %v: %w", err, ErrInvalidLength)
	}
	k := &PrecomputedRelayKey{t: t}
	copy(k.b[:], relayKey)
	return k, nil
}

// Bytes returns the 32-byte onion key (nil for an uninitialised k).
func (k *PrecomputedRelayKey) Bytes() []byte {
	if !k.valid() {
		return nil
	}
	return append([]byte(nil), k.b[:]...)
}

// valid reports whether k was made by PrecomputeRelayKey.
func (k *PrecomputedRelayKey) valid() bool { return k != nil && k.t != nil }

// X25519 returns EXP(B, x) = X25519(eph's private key, B), or an error
// wrapping ErrInvalidPoint if it is all zero. It is what the client
// computes with B, exposed for the other handshakes on the same key
// (package ntorv3).
func (k *PrecomputedRelayKey) X25519(eph *PrivateKey) ([]byte, error) {
	if !k.valid() {
		return nil, errNilRelayKey
	}
	if !eph.Valid() {
		return nil, errNilKey
	}
	shared, err := k.t.X25519(eph.secret[:])
	if err != nil {
		return nil, fmt.Errorf("ntor: EXP(B, x) is all zero: %w", ErrInvalidPoint)
	}
	return shared, nil
}

// ClientHandshakePrecomputed is ClientHandshake with the relay's onion key
// prepared by PrecomputeRelayKey; the message, the keys and the errors are
// the same, and the client's EXP(B, x) walks B's table.
func ClientHandshakePrecomputed(rand io.Reader, relayID []byte, relayKey *PrecomputedRelayKey) (*ClientState, []byte, error) {
	if !relayKey.valid() {
		return nil, nil, errNilRelayKey
	}
	if len(relayID) != IDSize {
		return nil, nil, fmt.Errorf("ntor: relay ID is %d bytes, want %d: %w", len(relayID), IDSize, ErrInvalidLength)
	}
	eph, err := GenerateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	defer eph.erase()
	return clientHandshake(eph, relayID, relayKey.b[:], relayKey.t)
}

// ClientHandshakePrecomputedWithKey is ClientHandshakePrecomputed with a
// precomputed ephemeral key pair. eph must be fresh and used for this
// handshake only.
func ClientHandshakePrecomputedWithKey(eph *PrivateKey, relayID []byte, relayKey *PrecomputedRelayKey) (*ClientState, []byte, error) {
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	if !relayKey.valid() {
		return nil, nil, errNilRelayKey
	}
	if len(relayID) != IDSize {
		return nil, nil, fmt.Errorf("ntor: relay ID is %d bytes, want %d: %w", len(relayID), IDSize, ErrInvalidLength)
	}
	return clientHandshake(eph, relayID, relayKey.b[:], relayKey.t)
}

// Finish processes the relay's 64-byte reply Y ‖ AUTH. It returns the key
// material only if AUTH verifies; otherwise it returns an error and no keys.
// Either way it erases the ephemeral secret: a second call returns
// ErrStateUsed.
func (c *ClientState) Finish(reply []byte) (*KeyMaterial, error) {
	if c == nil || !c.ready {
		return nil, errStateUsed
	}
	c.ready = false
	defer clear(c.x[:])
	if len(reply) != ServerReplySize {
		return nil, fmt.Errorf("ntor: reply is %d bytes, want %d: %w", len(reply), ServerReplySize, ErrInvalidLength)
	}
	y := reply[:KeySize]
	auth := reply[KeySize:]

	// secret_input = EXP(Y,x) ‖ EXP(B,x) ‖ ID ‖ B ‖ X ‖ Y ‖ PROTOID
	var si secretInput
	defer clear(si.buf[:])
	var ok int
	if c.bt != nil {
		ok = si.dh(&c.x, y) & si.dhPrecomputed(&c.x, c.bt)
	} else {
		ok = si.exchange(&c.x, y, c.b[:])
	}
	si.append(c.id[:], c.b[:], c.pub[:], y)
	keySeed, expected := si.derive(c.id[:], c.b[:], y, c.pub[:])
	defer clear(keySeed[:])
	// Both conditions are folded before the single branch.
	good := subtle.ConstantTimeCompare(expected[:], auth) & ok
	if good != 1 {
		if ok != 1 {
			// B was checked on entry, so the low-order key is Y.
			return nil, fmt.Errorf("ntor: relay's Y %s has low order: %w", hex.EncodeToString(y), ErrInvalidPoint)
		}
		return nil, fmt.Errorf("ntor: relay's AUTH does not verify: %w", ErrAuthFailed)
	}
	return newKeyMaterial(keySeed[:]), nil
}

// Relay holds a relay's identity and onion keys: the current key first, then
// any older keys it still accepts. Only NewRelay makes one: the handshake
// methods of the zero Relay or a nil pointer return an error.
type Relay struct {
	id   [IDSize]byte
	keys []*PrivateKey
}

// NewRelay returns a relay with identity digest id (20 bytes) accepting the
// given onion keys (at least one, each made by GenerateKey or
// NewPrivateKey).
func NewRelay(id []byte, keys ...*PrivateKey) (*Relay, error) {
	if len(id) != IDSize {
		return nil, fmt.Errorf("ntor: relay ID is %d bytes, want %d: %w", len(id), IDSize, ErrInvalidLength)
	}
	if len(keys) == 0 {
		return nil, errors.New("ntor: relay needs at least one onion key")
	}
	for _, k := range keys {
		if !k.Valid() {
			return nil, errors.New("ntor: nil or uninitialized onion key")
		}
	}
	r := &Relay{keys: append([]*PrivateKey(nil), keys...)}
	copy(r.id[:], id)
	return r, nil
}

// ServerHandshake answers the client's 84-byte message: it reads a fresh
// ephemeral key (32 bytes) from rand (crypto/rand if nil) and returns the
// 64-byte reply Y ‖ AUTH and the key material. The ephemeral secret is
// erased before it returns.
//
// An unknown KEYID or a NODEID other than the relay's returns an error
// without further work (see the package documentation).
func (r *Relay) ServerHandshake(rand io.Reader, msg []byte) ([]byte, *KeyMaterial, error) {
	if !r.valid() {
		return nil, nil, errNilRelay
	}
	eph := new(PrivateKey)
	defer eph.erase()
	if _, err := io.ReadFull(randReader(rand), eph.secret[:]); err != nil {
		return nil, nil, fmt.Errorf("ntor: reading randomness: %w", err)
	}
	b, x, err := r.parse(msg)
	if err != nil {
		return nil, nil, err
	}
	// Y = EXP(g, y), EXP(X, y) and EXP(X, b) share one field inversion.
	var si secretInput
	defer clear(si.buf[:])
	res, err := curve25519.X25519Multi(
		[][]byte{eph.secret[:], eph.secret[:], b.secret[:]},
		[][]byte{curve25519.Basepoint, x, x})
	if err != nil {
		// Y is never zero: the failure is a low-order X.
		return nil, nil, fmt.Errorf("ntor: client's X %s has low order: %w", hex.EncodeToString(x), ErrInvalidPoint)
	}
	copy(eph.public[:], res[0])
	eph.ok = true
	si.append(res[1], res[2])
	return r.respond(&si, eph, b, x)
}

// ServerHandshakeWithKey is ServerHandshake with a precomputed ephemeral key
// pair. eph must be fresh and used for this handshake only.
func (r *Relay) ServerHandshakeWithKey(eph *PrivateKey, msg []byte) ([]byte, *KeyMaterial, error) {
	if !r.valid() {
		return nil, nil, errNilRelay
	}
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	b, x, err := r.parse(msg)
	if err != nil {
		return nil, nil, err
	}
	var si secretInput
	defer clear(si.buf[:])
	if si.exchange2(&eph.secret, &b.secret, x) != 1 {
		return nil, nil, fmt.Errorf("ntor: client's X %s has low order: %w", hex.EncodeToString(x), ErrInvalidPoint)
	}
	return r.respond(&si, eph, b, x)
}

// valid reports whether r was made by NewRelay.
func (r *Relay) valid() bool { return r != nil && len(r.keys) != 0 }

// parse checks the client's message ID ‖ KEYID ‖ X and returns the onion
// key it names and X.
func (r *Relay) parse(msg []byte) (b *PrivateKey, x []byte, err error) {
	if len(msg) != ClientMessageSize {
		return nil, nil, fmt.Errorf("ntor: client message is %d bytes, want %d: %w", len(msg), ClientMessageSize, ErrInvalidLength)
	}
	id, keyID, x := msg[:IDSize], msg[IDSize:IDSize+KeySize], msg[IDSize+KeySize:]
	// ID and KEYID are public: plain comparisons are fine.
	if string(id) != string(r.id[:]) {
		return nil, nil, fmt.Errorf("ntor: client message is for relay %s: %w", hex.EncodeToString(id), ErrWrongRelay)
	}
	for _, k := range r.keys {
		if string(k.public[:]) == string(keyID) {
			return k, x, nil
		}
	}
	return nil, nil, fmt.Errorf("ntor: client message names onion key %s: %w", hex.EncodeToString(keyID), ErrUnknownKey)
}

// respond finishes the relay's side once si holds EXP(X,y) ‖ EXP(X,b):
// secret_input = EXP(X,y) ‖ EXP(X,b) ‖ ID ‖ B ‖ X ‖ Y ‖ PROTOID.
func (r *Relay) respond(si *secretInput, eph, b *PrivateKey, x []byte) ([]byte, *KeyMaterial, error) {
	si.append(r.id[:], b.public[:], x, eph.public[:])
	keySeed, auth := si.derive(r.id[:], b.public[:], eph.public[:], x)
	defer clear(keySeed[:])
	reply := make([]byte, 0, ServerReplySize)
	reply = append(reply, eph.public[:]...)
	reply = append(reply, auth[:]...)
	return reply, newKeyMaterial(keySeed[:]), nil
}

// secretInputSize is 2 shared secrets, ID, B, X, Y and PROTOID: 204 bytes.
const secretInputSize = 2*KeySize + IDSize + 3*KeySize + len(protoID)

// secretInput accumulates secret_input.
type secretInput struct {
	buf [secretInputSize]byte
	n   int
}

func (s *secretInput) append(parts ...[]byte) {
	for _, p := range parts {
		s.n += copy(s.buf[s.n:], p)
	}
}

// exchange appends X25519(k, p1) ‖ X25519(k, p2) (the client's
// EXP(Y,x) ‖ EXP(B,x)) and returns 1 if neither is all zero. Both products
// are always computed, with one shared field inversion.
func (s *secretInput) exchange(k *[KeySize]byte, p1, p2 []byte) int {
	return s.multi([][]byte{k[:], k[:]}, [][]byte{p1, p2})
}

// exchange2 appends X25519(k1, p) ‖ X25519(k2, p) (the relay's
// EXP(X,y) ‖ EXP(X,b)) and returns 1 if neither is all zero.
func (s *secretInput) exchange2(k1, k2 *[KeySize]byte, p []byte) int {
	return s.multi([][]byte{k1[:], k2[:]}, [][]byte{p, p})
}

// multi appends the X25519 results of curve25519.X25519Multi, or, if one
// is all zero, skips their places and returns 0.
func (s *secretInput) multi(scalars, points [][]byte) int {
	res, err := curve25519.X25519Multi(scalars, points)
	if err != nil {
		s.n += len(scalars) * KeySize
		return 0
	}
	for _, r := range res {
		s.n += copy(s.buf[s.n:], r)
	}
	return 1
}

func (s *secretInput) dh(k *[KeySize]byte, p []byte) int {
	shared, err := curve25519.X25519(k[:], p)
	return s.put(shared, err)
}

// dhPrecomputed is dh with the point's precomputed table.
func (s *secretInput) dhPrecomputed(k *[KeySize]byte, t *curve25519.PrecomputedX25519) int {
	shared, err := t.X25519(k[:])
	return s.put(shared, err)
}

// put appends one X25519 result and returns 1, or, for an error, skips its
// place and returns 0.
func (s *secretInput) put(shared []byte, err error) int {
	if err != nil {
		// All-zero result (lengths are checked by the callers). Leave
		// zeros in place so that the layout stays fixed.
		s.n += KeySize
		return 0
	}
	s.n += copy(s.buf[s.n:], shared)
	return 1
}

// The fixed HMAC keys t_key, t_verify and t_mac, prepared once.
var (
	tKeyMAC    = hmacsha256.NewKey([]byte(tKey))
	tVerifyMAC = hmacsha256.NewKey([]byte(tVerify))
	tMacMAC    = hmacsha256.NewKey([]byte(tMac))
)

// derive finishes secret_input with PROTOID and computes
// KEY_SEED = H(secret_input, t_key) and
// AUTH = H(verify ‖ ID ‖ B ‖ Y ‖ X ‖ PROTOID ‖ "Server", t_mac), where
// verify = H(secret_input, t_verify).
func (s *secretInput) derive(id, b, y, x []byte) (keySeed, auth [sha256.Size]byte) {
	s.append([]byte(protoID))
	tKeyMAC.MAC(&keySeed, s.buf[:])
	var verify [sha256.Size]byte
	tVerifyMAC.MAC(&verify, s.buf[:])
	tMacMAC.MAC(&auth, verify[:], id, b, y, x, []byte(protoID), []byte(server))
	clear(verify[:])
	return keySeed, auth
}
