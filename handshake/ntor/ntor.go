package ntor

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"io"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/hmacsha256"
)

// Sizes of the protocol fields and messages.
const (
	// IDSize is the size of a relay identity (NODEID): the SHA-1 digest of
	// its RSA identity key.
	IDSize = 20
	// ClientHandshakeSize is the size of the client's message ID ‖ B ‖ X.
	ClientHandshakeSize = IDSize + 2*KeySize
	// ServerHandshakeSize is the size of the relay's reply Y ‖ AUTH.
	ServerHandshakeSize = KeySize + sha256.Size
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
	errNilState    = errors.New("ntor: nil or uninitialized ClientState")
	errNilRelay    = errors.New("ntor: nil or uninitialized Relay")
	errNilRelayKey = errors.New("ntor: nil or uninitialized PrecomputedRelayKey")
)

// Errors returned by the handshake.
var (
	// ErrWrongRelay means the client's NODEID is not this relay's identity.
	ErrWrongRelay = errors.New("ntor: handshake is for another relay")
	// ErrUnknownKey means the client's KEYID is none of the relay's onion keys.
	ErrUnknownKey = errors.New("ntor: unknown onion key")
	// ErrBadLength means a message or key has the wrong length.
	ErrBadLength = errors.New("ntor: message or key has the wrong length")
	// ErrLowOrder means an X25519 result was all zero: the peer sent a
	// low-order point.
	ErrLowOrder = errors.New("ntor: degenerate key exchange (low-order point)")
	// ErrAuth means the relay's AUTH did not verify.
	ErrAuth = errors.New("ntor: server authentication failed")
)

// ClientState is what the client keeps between sending its message and
// receiving the relay's reply. Only ClientHandshake and its variants make
// one: Finish on the zero ClientState or a nil pointer returns an error.
type ClientState struct {
	id  [IDSize]byte
	b   [KeySize]byte                 // relay onion key B
	bt  *curve25519.PrecomputedX25519 // B's table, or nil
	eph *PrivateKey                   // x, X; non-nil marks a constructed state
}

// ClientHandshake starts a handshake with the relay whose identity digest is
// relayID (20 bytes) and whose onion key is relayKey (32 bytes). It reads a
// fresh ephemeral key (32 bytes) from rand (crypto/rand if nil) and returns
// the client state and the 84-byte message to send.
func ClientHandshake(rand io.Reader, relayID, relayKey []byte) (*ClientState, []byte, error) {
	eph, err := GenerateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	return ClientHandshakeWithKey(eph, relayID, relayKey)
}

// ClientHandshakeWithKey is ClientHandshake with a precomputed ephemeral key
// pair. eph must be fresh and used for this handshake only.
func ClientHandshakeWithKey(eph *PrivateKey, relayID, relayKey []byte) (*ClientState, []byte, error) {
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	if len(relayID) != IDSize || len(relayKey) != KeySize {
		return nil, nil, ErrBadLength
	}
	c := &ClientState{eph: eph}
	copy(c.id[:], relayID)
	copy(c.b[:], relayKey)
	msg := make([]byte, 0, ClientHandshakeSize)
	msg = append(msg, c.id[:]...)
	msg = append(msg, c.b[:]...)
	msg = append(msg, eph.public[:]...)
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

// PrecomputeRelayKey prepares the 32-byte onion key relayKey. Its only error
// is a wrong length (ErrBadLength): a low-order key is accepted here and
// makes every handshake fail with ErrLowOrder, as without precomputation.
func PrecomputeRelayKey(relayKey []byte) (*PrecomputedRelayKey, error) {
	if len(relayKey) != KeySize {
		return nil, ErrBadLength
	}
	t, err := curve25519.NewPrecomputedX25519(relayKey)
	if err != nil {
		return nil, ErrBadLength
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

// X25519 returns EXP(B, x) = X25519(eph's private key, B), or ErrLowOrder if
// it is all zero (B has low order). It is what the client computes with B,
// exposed for the other handshakes on the same key (package ntorv3).
func (k *PrecomputedRelayKey) X25519(eph *PrivateKey) ([]byte, error) {
	if !k.valid() {
		return nil, errNilRelayKey
	}
	if !eph.Valid() {
		return nil, errNilKey
	}
	shared, err := k.t.X25519(eph.secret[:])
	if err != nil {
		return nil, ErrLowOrder
	}
	return shared, nil
}

// ClientHandshake is the package's ClientHandshake with this relay key; the
// message, the keys and the errors are the same.
func (k *PrecomputedRelayKey) ClientHandshake(rand io.Reader, relayID []byte) (*ClientState, []byte, error) {
	if !k.valid() {
		return nil, nil, errNilRelayKey
	}
	eph, err := GenerateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	return k.ClientHandshakeWithKey(eph, relayID)
}

// ClientHandshakeWithKey is ClientHandshake with a precomputed ephemeral key
// pair. eph must be fresh and used for this handshake only.
func (k *PrecomputedRelayKey) ClientHandshakeWithKey(eph *PrivateKey, relayID []byte) (*ClientState, []byte, error) {
	if !k.valid() {
		return nil, nil, errNilRelayKey
	}
	c, msg, err := ClientHandshakeWithKey(eph, relayID, k.b[:])
	if err != nil {
		return nil, nil, err
	}
	c.bt = k.t
	return c, msg, nil
}

// Finish processes the relay's 64-byte reply Y ‖ AUTH. It returns the key
// material only if AUTH verifies; otherwise it returns an error and no keys.
func (c *ClientState) Finish(reply []byte) (*KeyMaterial, error) {
	if c == nil || c.eph == nil {
		return nil, errNilState
	}
	if len(reply) != ServerHandshakeSize {
		return nil, ErrBadLength
	}
	y := reply[:KeySize]
	auth := reply[KeySize:]

	// secret_input = EXP(Y,x) ‖ EXP(B,x) ‖ ID ‖ B ‖ X ‖ Y ‖ PROTOID
	var si secretInput
	var ok int
	if c.bt != nil {
		ok = si.dh(c.eph, y) & si.dhPrecomputed(c.eph, c.bt)
	} else {
		ok = si.exchange(c.eph, y, c.b[:])
	}
	si.append(c.id[:], c.b[:], c.eph.public[:], y)
	keySeed, expected := si.derive(c.id[:], c.b[:], y, c.eph.public[:])
	// Both conditions are folded before the single branch.
	good := subtle.ConstantTimeCompare(expected[:], auth) & ok
	if good != 1 {
		if ok != 1 {
			return nil, ErrLowOrder
		}
		return nil, ErrAuth
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
		return nil, ErrBadLength
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
// 64-byte reply Y ‖ AUTH and the key material.
//
// An unknown KEYID or a NODEID other than the relay's returns an error
// without further work (see the package documentation).
func (r *Relay) ServerHandshake(rand io.Reader, msg []byte) ([]byte, *KeyMaterial, error) {
	if !r.valid() {
		return nil, nil, errNilRelay
	}
	eph := new(PrivateKey)
	if _, err := io.ReadFull(randReader(rand), eph.secret[:]); err != nil {
		return nil, nil, err
	}
	b, x, err := r.parse(msg)
	if err != nil {
		return nil, nil, err
	}
	// Y = EXP(g, y), EXP(X, y) and EXP(X, b) share one field inversion.
	var si secretInput
	res, err := curve25519.X25519Multi(
		[][]byte{eph.secret[:], eph.secret[:], b.secret[:]},
		[][]byte{curve25519.Basepoint, x, x})
	if err != nil {
		// Y is never zero: the failure is a low-order X.
		return nil, nil, ErrLowOrder
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
	if si.exchange2(eph, b, x) != 1 {
		return nil, nil, ErrLowOrder
	}
	return r.respond(&si, eph, b, x)
}

// valid reports whether r was made by NewRelay.
func (r *Relay) valid() bool { return r != nil && len(r.keys) != 0 }

// parse checks the client's message ID ‖ KEYID ‖ X and returns the onion
// key it names and X.
func (r *Relay) parse(msg []byte) (b *PrivateKey, x []byte, err error) {
	if len(msg) != ClientHandshakeSize {
		return nil, nil, ErrBadLength
	}
	id, keyID, x := msg[:IDSize], msg[IDSize:IDSize+KeySize], msg[IDSize+KeySize:]
	// ID and KEYID are public: plain comparisons are fine.
	if string(id) != string(r.id[:]) {
		return nil, nil, ErrWrongRelay
	}
	for _, k := range r.keys {
		if string(k.public[:]) == string(keyID) {
			return k, x, nil
		}
	}
	return nil, nil, ErrUnknownKey
}

// respond finishes the relay's side once si holds EXP(X,y) ‖ EXP(X,b):
// secret_input = EXP(X,y) ‖ EXP(X,b) ‖ ID ‖ B ‖ X ‖ Y ‖ PROTOID.
func (r *Relay) respond(si *secretInput, eph, b *PrivateKey, x []byte) ([]byte, *KeyMaterial, error) {
	si.append(r.id[:], b.public[:], x, eph.public[:])
	keySeed, auth := si.derive(r.id[:], b.public[:], eph.public[:], x)
	reply := make([]byte, 0, ServerHandshakeSize)
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
func (s *secretInput) exchange(k *PrivateKey, p1, p2 []byte) int {
	return s.multi([][]byte{k.secret[:], k.secret[:]}, [][]byte{p1, p2})
}

// exchange2 appends X25519(k1, p) ‖ X25519(k2, p) (the relay's
// EXP(X,y) ‖ EXP(X,b)) and returns 1 if neither is all zero.
func (s *secretInput) exchange2(k1, k2 *PrivateKey, p []byte) int {
	return s.multi([][]byte{k1.secret[:], k2.secret[:]}, [][]byte{p, p})
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

func (s *secretInput) dh(k *PrivateKey, p []byte) int {
	shared, err := curve25519.X25519(k.secret[:], p)
	return s.put(shared, err)
}

// dhPrecomputed is dh with the point's precomputed table.
func (s *secretInput) dhPrecomputed(k *PrivateKey, t *curve25519.PrecomputedX25519) int {
	shared, err := t.X25519(k.secret[:])
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
