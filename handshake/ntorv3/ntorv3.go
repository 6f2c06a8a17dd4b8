package ntorv3

import (
	"crypto/subtle"
	"errors"
	"io"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/handshake/ntor"
)

// Sizes of the protocol fields.
const (
	// IDSize is the size of a relay identity (NODEID): its Ed25519 identity
	// key.
	IDSize = 32
	// ClientOverhead is the size of the client's handshake without CM:
	// ID ‖ B ‖ X ‖ MAC.
	ClientOverhead = IDSize + 2*KeySize + digestSize
	// ServerOverhead is the size of the relay's reply without SM: Y ‖ AUTH.
	ServerOverhead = KeySize + digestSize
)

var (
	errNilKey      = errors.New("ntorv3: nil or uninitialized ephemeral key")
	errNilRelayKey = errors.New("ntorv3: nil or uninitialized relay key")
	errNilState    = errors.New("ntorv3: nil or uninitialized handshake state")
	errNilRelay    = errors.New("ntorv3: nil or uninitialized Relay")
)

// Errors returned by the handshake.
var (
	// ErrWrongRelay means the client's NODEID is not this relay's identity.
	ErrWrongRelay = errors.New("ntorv3: handshake is for another relay")
	// ErrUnknownKey means the client's KEYID is none of the relay's onion keys.
	ErrUnknownKey = errors.New("ntorv3: unknown onion key")
	// ErrBadLength means a message or key has the wrong length.
	ErrBadLength = errors.New("ntorv3: message or key has the wrong length")
	// ErrLowOrder means an X25519 result was all zero: the peer sent a
	// low-order point.
	ErrLowOrder = errors.New("ntorv3: degenerate key exchange (low-order point)")
	// ErrMAC means the client's message did not authenticate (at the relay).
	ErrMAC = errors.New("ntorv3: client message authentication failed")
	// ErrAuth means the relay's AUTH did not verify (at the client).
	ErrAuth = errors.New("ntorv3: server authentication failed")
)

// ClientState is what the client keeps between sending its handshake and
// receiving the reply. Only the ClientHandshake functions make one: Finish
// on the zero ClientState or a nil pointer returns an error.
type ClientState struct {
	id     [IDSize]byte
	b      [KeySize]byte
	eph    *PrivateKey   // non-nil marks a constructed state
	bx     [KeySize]byte // EXP(B, x)
	msgMAC [digestSize]byte
	ver    []byte
}

// ClientHandshake starts a handshake with the relay whose identity is relayID
// (32 bytes) and onion key relayKey (32 bytes), sending message (CM, may be
// empty) under the verification string verification (may be empty). It
// reads a fresh ephemeral key (32 bytes) from rand (crypto/rand if nil) and
// returns the client state and the handshake to send (128 + len(message)
// bytes).
func ClientHandshake(rand io.Reader, relayID, relayKey, verification, message []byte) (*ClientState, []byte, error) {
	eph, err := GenerateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	return ClientHandshakeWithKey(eph, relayID, relayKey, verification, message)
}

// ClientHandshakeWithKey is ClientHandshake with a precomputed ephemeral key
// pair. eph must be fresh and used for this handshake only.
func ClientHandshakeWithKey(eph *PrivateKey, relayID, relayKey, verification, message []byte) (*ClientState, []byte, error) {
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	if len(relayID) != IDSize || len(relayKey) != KeySize {
		return nil, nil, ErrBadLength
	}
	bx, err := curve25519.X25519(eph.Bytes(), relayKey)
	if err != nil {
		return nil, nil, ErrLowOrder // B is a low-order point
	}
	return clientHandshake(eph, relayID, relayKey, bx, verification, message)
}

// PrecomputedRelayKey is a relay's onion key prepared for many client
// handshakes: it is ntor's type, so one prepared key serves both handshakes
// (see [ntor.PrecomputedRelayKey] for the costs).
type PrecomputedRelayKey = ntor.PrecomputedRelayKey

// PrecomputeRelayKey prepares the 32-byte onion key relayKey; its only error
// is a wrong length (ErrBadLength).
func PrecomputeRelayKey(relayKey []byte) (*PrecomputedRelayKey, error) {
	k, err := ntor.PrecomputeRelayKey(relayKey)
	if err != nil {
		return nil, ErrBadLength
	}
	return k, nil
}

// ClientHandshakePrecomputed is ClientHandshake with a prepared relay key:
// the same handshake, keys and errors, with EXP(B, x) from B's table.
func ClientHandshakePrecomputed(rand io.Reader, relayID []byte, relayKey *PrecomputedRelayKey, verification, message []byte) (*ClientState, []byte, error) {
	eph, err := GenerateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	return ClientHandshakePrecomputedWithKey(eph, relayID, relayKey, verification, message)
}

// ClientHandshakePrecomputedWithKey is ClientHandshakePrecomputed with a
// precomputed ephemeral key pair. eph must be fresh and used for this
// handshake only.
func ClientHandshakePrecomputedWithKey(eph *PrivateKey, relayID []byte, relayKey *PrecomputedRelayKey, verification, message []byte) (*ClientState, []byte, error) {
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	relayKeyBytes := relayKey.Bytes() // nil for a nil or zero relayKey
	if relayKeyBytes == nil {
		return nil, nil, errNilRelayKey
	}
	if len(relayID) != IDSize {
		return nil, nil, ErrBadLength
	}
	bx, err := relayKey.X25519(eph)
	if err != nil {
		return nil, nil, ErrLowOrder // B is a low-order point
	}
	return clientHandshake(eph, relayID, relayKeyBytes, bx, verification, message)
}

// clientHandshake builds the client state and message once bx = EXP(B, x)
// is known. Lengths have been checked.
func clientHandshake(eph *PrivateKey, relayID, relayKey, bx, verification, message []byte) (*ClientState, []byte, error) {
	c := &ClientState{eph: eph, ver: append([]byte(nil), verification...)}
	copy(c.id[:], relayID)
	copy(c.b[:], relayKey)
	copy(c.bx[:], bx)

	encK1, macK1 := phase1Keys(c.bx[:], c.id[:], eph.PublicKey(), c.b[:], c.ver)
	encrypted := xorAESCTR(&encK1, message)
	c.msgMAC = mac(macK1[:], tMsgMAC, c.id[:], c.b[:], eph.PublicKey(), encrypted)

	out := make([]byte, 0, ClientOverhead+len(message))
	out = append(out, c.id[:]...)
	out = append(out, c.b[:]...)
	out = append(out, eph.PublicKey()...)
	out = append(out, encrypted...)
	out = append(out, c.msgMAC[:]...)
	return c, out, nil
}

// phase1Keys returns (ENC_K1, MAC_K1) = PARTITION(KDF_msgkdf(Bx ‖ ID ‖ X ‖ B ‖
// PROTOID ‖ ENCAP(VER)), 32, 32).
func phase1Keys(bx, id, x, b, ver []byte) (encK1, macK1 [digestSize]byte) {
	k := kdf(tMsgKDF, bx, id, x, b, []byte(protoID), encapLen(len(ver)), ver)
	k.Read(encK1[:])
	k.Read(macK1[:])
	return encK1, macK1
}

// finalSeed returns ntor_key_seed and verify for
// secret_input = xy ‖ xb ‖ ID ‖ B ‖ X ‖ Y ‖ PROTOID ‖ ENCAP(VER).
func finalSeed(xy, xb, id, b, x, y, ver []byte) (keySeed, verify [digestSize]byte) {
	parts := [][]byte{xy, xb, id, b, x, y, []byte(protoID), encapLen(len(ver)), ver}
	return hashH(tKeySeed, parts...), hashH(tVerify, parts...)
}

// authTag returns AUTH = H_auth(verify ‖ ID ‖ B ‖ Y ‖ X ‖ MAC ‖
// ENCAP(encrypted_msg) ‖ PROTOID ‖ "Server").
func authTag(verify *[digestSize]byte, id, b, y, x, msgMAC, encrypted []byte) [digestSize]byte {
	return hashH(tAuth, verify[:], id, b, y, x, msgMAC, encapLen(len(encrypted)), encrypted, []byte(protoID), []byte(server))
}

// Finish processes the relay's reply Y ‖ AUTH ‖ ENC(SM). If AUTH verifies it
// returns the decrypted server message SM and the key stream; otherwise an
// error and neither.
func (c *ClientState) Finish(reply []byte) (message []byte, keys *KeyStream, err error) {
	if c == nil || c.eph == nil {
		return nil, nil, errNilState
	}
	if len(reply) < ServerOverhead {
		return nil, nil, ErrBadLength
	}
	y, auth, encrypted := reply[:KeySize], reply[KeySize:ServerOverhead], reply[ServerOverhead:]
	yx, err := curve25519.X25519(c.eph.Bytes(), y)
	if err != nil {
		return nil, nil, ErrLowOrder
	}
	keySeed, verify := finalSeed(yx, c.bx[:], c.id[:], c.b[:], c.eph.PublicKey(), y, c.ver)
	expected := authTag(&verify, c.id[:], c.b[:], y, c.eph.PublicKey(), c.msgMAC[:], encrypted)
	if subtle.ConstantTimeCompare(expected[:], auth) != 1 {
		return nil, nil, ErrAuth
	}
	encKey, ks := finalKeys(&keySeed)
	return xorAESCTR(&encKey, encrypted), ks, nil
}

// Relay holds a relay's identity and onion keys: the current key first, then
// any older keys it still accepts. Only NewRelay makes one: ServerHandshake
// on the zero Relay or a nil pointer returns an error.
type Relay struct {
	id   [IDSize]byte
	keys []*PrivateKey
}

// NewRelay returns a relay with identity id (32 bytes, its Ed25519 identity
// key) accepting the given onion keys (at least one, each made by
// GenerateKey or NewPrivateKey).
func NewRelay(id []byte, keys ...*PrivateKey) (*Relay, error) {
	if len(id) != IDSize {
		return nil, ErrBadLength
	}
	if len(keys) == 0 {
		return nil, errors.New("ntorv3: relay needs at least one onion key")
	}
	for _, k := range keys {
		if !k.Valid() {
			return nil, errors.New("ntorv3: nil or uninitialized onion key")
		}
	}
	r := &Relay{keys: append([]*PrivateKey(nil), keys...)}
	copy(r.id[:], id)
	return r, nil
}

// ServerState is what the relay keeps between reading the client's
// handshake and sending its reply. Only Relay.ServerHandshake makes one:
// Reply on the zero ServerState or a nil pointer returns an error.
type ServerState struct {
	r      *Relay // non-nil marks a constructed state
	b      *PrivateKey
	x      [KeySize]byte
	xb     [KeySize]byte // EXP(X, b)
	msgMAC [digestSize]byte
	ver    []byte
}

// ServerHandshake reads the client's handshake under the verification
// string verification: it checks NODEID and KEYID, verifies the MAC in
// constant time and returns the state for [ServerState.Reply] and the
// decrypted client message CM.
func (r *Relay) ServerHandshake(msg, verification []byte) (*ServerState, []byte, error) {
	if r == nil || len(r.keys) == 0 {
		return nil, nil, errNilRelay
	}
	if len(msg) < ClientOverhead {
		return nil, nil, ErrBadLength
	}
	id := msg[:IDSize]
	keyID := msg[IDSize : IDSize+KeySize]
	x := msg[IDSize+KeySize : IDSize+2*KeySize]
	encrypted := msg[IDSize+2*KeySize : len(msg)-digestSize]
	gotMAC := msg[len(msg)-digestSize:]
	// ID and KEYID are public: plain comparisons are fine.
	if string(id) != string(r.id[:]) {
		return nil, nil, ErrWrongRelay
	}
	var b *PrivateKey
	for _, k := range r.keys {
		if string(k.PublicKey()) == string(keyID) {
			b = k
			break
		}
	}
	if b == nil {
		return nil, nil, ErrUnknownKey
	}
	s := &ServerState{r: r, b: b, ver: append([]byte(nil), verification...)}
	copy(s.x[:], x)
	xb, err := curve25519.X25519(b.Bytes(), x)
	if err != nil {
		return nil, nil, ErrLowOrder
	}
	copy(s.xb[:], xb)
	encK1, macK1 := phase1Keys(s.xb[:], r.id[:], x, b.PublicKey(), s.ver)
	expected := mac(macK1[:], tMsgMAC, r.id[:], b.PublicKey(), x, encrypted)
	if subtle.ConstantTimeCompare(expected[:], gotMAC) != 1 {
		return nil, nil, ErrMAC
	}
	copy(s.msgMAC[:], gotMAC)
	return s, xorAESCTR(&encK1, encrypted), nil
}

// Reply completes the handshake with the server message SM (may be empty):
// it reads a fresh ephemeral key (32 bytes) from rand (crypto/rand if nil)
// and returns the reply Y ‖ AUTH ‖ ENC(SM) and the key stream.
func (s *ServerState) Reply(rand io.Reader, message []byte) ([]byte, *KeyStream, error) {
	if s == nil || s.r == nil {
		return nil, nil, errNilState
	}
	eph, err := GenerateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	return s.ReplyWithKey(eph, message)
}

// ReplyWithKey is Reply with a precomputed ephemeral key pair. eph must be
// fresh and used for this handshake only.
func (s *ServerState) ReplyWithKey(eph *PrivateKey, message []byte) ([]byte, *KeyStream, error) {
	if s == nil || s.r == nil {
		return nil, nil, errNilState
	}
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	xy, err := curve25519.X25519(eph.Bytes(), s.x[:])
	if err != nil {
		return nil, nil, ErrLowOrder // unreachable once EXP(X, b) was not zero
	}
	keySeed, verify := finalSeed(xy, s.xb[:], s.r.id[:], s.b.PublicKey(), s.x[:], eph.PublicKey(), s.ver)
	encKey, ks := finalKeys(&keySeed)
	encrypted := xorAESCTR(&encKey, message)
	auth := authTag(&verify, s.r.id[:], s.b.PublicKey(), eph.PublicKey(), s.x[:], s.msgMAC[:], encrypted)

	out := make([]byte, 0, ServerOverhead+len(message))
	out = append(out, eph.PublicKey()...)
	out = append(out, auth[:]...)
	out = append(out, encrypted...)
	return out, ks, nil
}
