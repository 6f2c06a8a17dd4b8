package ntorv3

import (
	cryptorand "crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/handshake"
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
	errNilRelay    = errors.New("ntorv3: nil or uninitialized Relay")
	errClientUsed  = fmt.Errorf("ntorv3: ClientState already finished or not made by a ClientHandshake function: %w", ErrStateUsed)
	errServerUsed  = fmt.Errorf("ntorv3: ServerState already replied or not made by Relay.ServerHandshake: %w", ErrStateUsed)
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
	// ErrAuthFailed means the client's message MAC did not verify at the
	// relay, or the relay's AUTH did not verify at the client.
	ErrAuthFailed = handshake.ErrAuthFailed
	// ErrStateUsed means Finish or Reply was called a second time, or on a
	// state that no constructor made.
	ErrStateUsed = handshake.ErrStateUsed
)

// ClientState is what the client keeps between sending its handshake and
// receiving the reply. Only the ClientHandshake functions make one. It is
// single-use: Finish erases its secrets (x and EXP(B, x)) whether it
// succeeds or fails, and a second Finish, like Finish on the zero
// ClientState or a nil pointer, returns ErrStateUsed.
type ClientState struct {
	id     [IDSize]byte
	b      [KeySize]byte
	x      [KeySize]byte // ephemeral secret; erased by Finish
	pub    [KeySize]byte // X
	bx     [KeySize]byte // EXP(B, x); erased by Finish
	msgMAC [digestSize]byte
	ver    []byte
	ready  bool // set by the constructors, cleared by Finish
}

// ClientHandshake starts a handshake with the relay whose identity is relayID
// (32 bytes) and onion key relayKey (32 bytes), sending message (CM, may be
// empty) under the verification string verification (may be empty). It
// reads a fresh ephemeral key (32 bytes) from rand (crypto/rand if nil) and
// returns the client state and the handshake to send (128 + len(message)
// bytes). A low-order relayKey is refused here, with ErrInvalidPoint.
func ClientHandshake(rand io.Reader, relayID, relayKey, verification, message []byte) (*ClientState, []byte, error) {
	if err := checkRelay(relayID, relayKey); err != nil {
		return nil, nil, err
	}
	eph, err := generateKey(rand)
	if err != nil {
		return nil, nil, err
	}
	return clientHandshakeBytes(eph, relayID, relayKey, verification, message)
}

// ClientHandshakeWithKey is ClientHandshake with a precomputed ephemeral key
// pair. eph must be fresh and used for this handshake only; the state keeps
// a copy of it, which Finish erases.
func ClientHandshakeWithKey(eph *PrivateKey, relayID, relayKey, verification, message []byte) (*ClientState, []byte, error) {
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	if err := checkRelay(relayID, relayKey); err != nil {
		return nil, nil, err
	}
	return clientHandshakeBytes(eph, relayID, relayKey, verification, message)
}

// generateKey is GenerateKey with this package's error for a failing reader.
func generateKey(rand io.Reader) (*PrivateKey, error) {
	var secret [KeySize]byte
	if _, err := io.ReadFull(randReader(rand), secret[:]); err != nil {
		return nil, fmt.Errorf("ntorv3: reading randomness: %w", err)
	}
	k, err := NewPrivateKey(secret[:])
	clear(secret[:])
	return k, err
}

func randReader(r io.Reader) io.Reader {
	if r == nil {
		return cryptorand.Reader
	}
	return r
}

func checkRelay(relayID, relayKey []byte) error {
	if len(relayID) != IDSize {
		return fmt.Errorf("ntorv3: relay ID is %d bytes, want %d: %w", len(relayID), IDSize, ErrInvalidLength)
	}
	if len(relayKey) != KeySize {
		return fmt.Errorf("ntorv3: relay onion key is %d bytes, want %d: %w", len(relayKey), KeySize, ErrInvalidLength)
	}
	return nil
}

// clientHandshakeBytes computes EXP(B, x), which refuses a low-order B in
// constant time, and builds the state and message.
func clientHandshakeBytes(eph *PrivateKey, relayID, relayKey, verification, message []byte) (*ClientState, []byte, error) {
	x := eph.Bytes()
	defer clear(x)
	bx, err := curve25519.X25519(x, relayKey)
	if err != nil {
		return nil, nil, fmt.Errorf("ntorv3: relay onion key %s has low order: %w", hex.EncodeToString(relayKey), ErrInvalidPoint)
	}
	defer clear(bx)
	return clientHandshake(eph, relayID, relayKey, bx, verification, message)
}

// PrecomputedRelayKey is a relay's onion key prepared for many client
// handshakes: it is ntor's type, so one prepared key serves both handshakes
// (see [ntor.PrecomputedRelayKey] for the costs).
type PrecomputedRelayKey = ntor.PrecomputedRelayKey

// PrecomputeRelayKey prepares the 32-byte onion key relayKey. A wrong
// length returns ErrInvalidLength and a low-order key ErrInvalidPoint, as
// ClientHandshake does.
func PrecomputeRelayKey(relayKey []byte) (*PrecomputedRelayKey, error) {
	k, err := ntor.PrecomputeRelayKey(relayKey)
	if err != nil {
		// ntor's error wraps the same shared value.
		return nil, fmt.Errorf("ntorv3: %w", err)
	}
	return k, nil
}

// ClientHandshakePrecomputed is ClientHandshake with the relay's onion key
// prepared by PrecomputeRelayKey: the same handshake, keys and errors, with
// EXP(B, x) from B's table.
func ClientHandshakePrecomputed(rand io.Reader, relayID []byte, relayKey *PrecomputedRelayKey, verification, message []byte) (*ClientState, []byte, error) {
	if relayKey.Bytes() == nil {
		return nil, nil, errNilRelayKey
	}
	if len(relayID) != IDSize {
		return nil, nil, fmt.Errorf("ntorv3: relay ID is %d bytes, want %d: %w", len(relayID), IDSize, ErrInvalidLength)
	}
	eph, err := generateKey(rand)
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
		return nil, nil, fmt.Errorf("ntorv3: relay ID is %d bytes, want %d: %w", len(relayID), IDSize, ErrInvalidLength)
	}
	bx, err := relayKey.X25519(eph)
	if err != nil {
		// Unreachable: PrecomputeRelayKey refuses low-order keys.
		return nil, nil, fmt.Errorf("ntorv3: relay onion key %s has low order: %w", hex.EncodeToString(relayKeyBytes), ErrInvalidPoint)
	}
	defer clear(bx)
	return clientHandshake(eph, relayID, relayKeyBytes, bx, verification, message)
}

// clientHandshake builds the client state and message once bx = EXP(B, x)
// is known. Lengths have been checked.
func clientHandshake(eph *PrivateKey, relayID, relayKey, bx, verification, message []byte) (*ClientState, []byte, error) {
	c := &ClientState{ver: append([]byte(nil), verification...), ready: true}
	x := eph.Bytes()
	copy(c.x[:], x)
	clear(x)
	copy(c.pub[:], eph.PublicKey())
	copy(c.id[:], relayID)
	copy(c.b[:], relayKey)
	copy(c.bx[:], bx)

	encK1, macK1 := phase1Keys(c.bx[:], c.id[:], c.pub[:], c.b[:], c.ver)
	encrypted := xorAESCTR(&encK1, message)
	c.msgMAC = mac(macK1[:], tMsgMAC, c.id[:], c.b[:], c.pub[:], encrypted)
	clear(encK1[:])
	clear(macK1[:])

	out := make([]byte, 0, ClientOverhead+len(message))
	out = append(out, c.id[:]...)
	out = append(out, c.b[:]...)
	out = append(out, c.pub[:]...)
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
// error and neither. Either way it erases the state's secrets: a second
// call returns ErrStateUsed.
func (c *ClientState) Finish(reply []byte) (message []byte, keys *KeyMaterial, err error) {
	if c == nil || !c.ready {
		return nil, nil, errClientUsed
	}
	c.ready = false
	defer clear(c.x[:])
	defer clear(c.bx[:])
	if len(reply) < ServerOverhead {
		return nil, nil, fmt.Errorf("ntorv3: reply is %d bytes, want at least %d: %w", len(reply), ServerOverhead, ErrInvalidLength)
	}
	y, auth, encrypted := reply[:KeySize], reply[KeySize:ServerOverhead], reply[ServerOverhead:]
	yx, err := curve25519.X25519(c.x[:], y)
	if err != nil {
		return nil, nil, fmt.Errorf("ntorv3: relay's Y %s has low order: %w", hex.EncodeToString(y), ErrInvalidPoint)
	}
	defer clear(yx)
	keySeed, verify := finalSeed(yx, c.bx[:], c.id[:], c.b[:], c.pub[:], y, c.ver)
	defer clear(keySeed[:])
	defer clear(verify[:])
	expected := authTag(&verify, c.id[:], c.b[:], y, c.pub[:], c.msgMAC[:], encrypted)
	if subtle.ConstantTimeCompare(expected[:], auth) != 1 {
		return nil, nil, fmt.Errorf("ntorv3: relay's AUTH does not verify: %w", ErrAuthFailed)
	}
	encKey, ks := finalKeys(&keySeed)
	defer clear(encKey[:])
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
		return nil, fmt.Errorf("ntorv3: relay ID is %d bytes, want %d: %w", len(id), IDSize, ErrInvalidLength)
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
// handshake and sending its reply: it holds the relay's ephemeral secret y
// and EXP(X, b). Only the ServerHandshake methods make one. It is
// single-use: Reply erases its secrets whether it succeeds or fails, and a
// second Reply, like Reply on the zero ServerState or a nil pointer,
// returns ErrStateUsed.
type ServerState struct {
	r       *Relay
	b       *PrivateKey
	x       [KeySize]byte
	y       [KeySize]byte // ephemeral secret; erased by Reply
	pubY    [KeySize]byte // Y, if havePub
	xb      [KeySize]byte // EXP(X, b); erased by Reply
	msgMAC  [digestSize]byte
	ver     []byte
	ready   bool // set by the constructors, cleared by Reply
	havePub bool // Y came with the key (ServerHandshakeWithKey)
}

// ServerHandshake reads the client's handshake under the verification
// string verification: it checks NODEID and KEYID, verifies the MAC in
// constant time, and returns the state for [ServerState.Reply] and the
// decrypted client message CM. Once the MAC verifies it reads the relay's
// ephemeral key (32 bytes) from rand (crypto/rand if nil), which Reply
// uses and erases.
func (r *Relay) ServerHandshake(rand io.Reader, msg, verification []byte) (*ServerState, []byte, error) {
	s, cm, err := r.serverHandshake(msg, verification)
	if err != nil {
		return nil, nil, err
	}
	if _, err := io.ReadFull(randReader(rand), s.y[:]); err != nil {
		s.erase()
		return nil, nil, fmt.Errorf("ntorv3: reading randomness: %w", err)
	}
	return s, cm, nil
}

// ServerHandshakeWithKey is ServerHandshake with a precomputed ephemeral key
// pair. eph must be fresh and used for this handshake only; the state keeps
// a copy of it, which Reply erases.
func (r *Relay) ServerHandshakeWithKey(eph *PrivateKey, msg, verification []byte) (*ServerState, []byte, error) {
	if !eph.Valid() {
		return nil, nil, errNilKey
	}
	s, cm, err := r.serverHandshake(msg, verification)
	if err != nil {
		return nil, nil, err
	}
	y := eph.Bytes()
	copy(s.y[:], y)
	clear(y)
	copy(s.pubY[:], eph.PublicKey())
	s.havePub = true
	return s, cm, nil
}

func (r *Relay) serverHandshake(msg, verification []byte) (*ServerState, []byte, error) {
	if r == nil || len(r.keys) == 0 {
		return nil, nil, errNilRelay
	}
	if len(msg) < ClientOverhead {
		return nil, nil, fmt.Errorf("ntorv3: client message is %d bytes, want at least %d: %w", len(msg), ClientOverhead, ErrInvalidLength)
	}
	id := msg[:IDSize]
	keyID := msg[IDSize : IDSize+KeySize]
	x := msg[IDSize+KeySize : IDSize+2*KeySize]
	encrypted := msg[IDSize+2*KeySize : len(msg)-digestSize]
	gotMAC := msg[len(msg)-digestSize:]
	// ID and KEYID are public: plain comparisons are fine.
	if string(id) != string(r.id[:]) {
		return nil, nil, fmt.Errorf("ntorv3: client message is for relay %s: %w", hex.EncodeToString(id), ErrWrongRelay)
	}
	var b *PrivateKey
	for _, k := range r.keys {
		if string(k.PublicKey()) == string(keyID) {
			b = k
			break
		}
	}
	if b == nil {
		return nil, nil, fmt.Errorf("ntorv3: client message names onion key %s: %w", hex.EncodeToString(keyID), ErrUnknownKey)
	}
	s := &ServerState{r: r, b: b, ver: append([]byte(nil), verification...), ready: true}
	copy(s.x[:], x)
	bs := b.Bytes()
	xb, err := curve25519.X25519(bs, x)
	clear(bs)
	if err != nil {
		return nil, nil, fmt.Errorf("ntorv3: client's X %s has low order: %w", hex.EncodeToString(x), ErrInvalidPoint)
	}
	copy(s.xb[:], xb)
	clear(xb)
	encK1, macK1 := phase1Keys(s.xb[:], r.id[:], x, b.PublicKey(), s.ver)
	defer clear(encK1[:])
	defer clear(macK1[:])
	expected := mac(macK1[:], tMsgMAC, r.id[:], b.PublicKey(), x, encrypted)
	if subtle.ConstantTimeCompare(expected[:], gotMAC) != 1 {
		s.erase()
		return nil, nil, fmt.Errorf("ntorv3: client message MAC does not verify: %w", ErrAuthFailed)
	}
	copy(s.msgMAC[:], gotMAC)
	return s, xorAESCTR(&encK1, encrypted), nil
}

// erase zeroes the secrets of s and marks it used.
func (s *ServerState) erase() {
	clear(s.y[:])
	clear(s.xb[:])
	s.ready = false
}

// Reply completes the handshake with the server message SM (may be empty)
// and returns the reply Y ‖ AUTH ‖ ENC(SM) and the key stream. It erases
// the state's secrets: a second call returns ErrStateUsed.
func (s *ServerState) Reply(message []byte) ([]byte, *KeyMaterial, error) {
	if s == nil || !s.ready {
		return nil, nil, errServerUsed
	}
	defer s.erase()
	var pubY, xy []byte
	var err error
	if s.havePub {
		pubY = s.pubY[:]
		xy, err = curve25519.X25519(s.y[:], s.x[:])
	} else {
		// Y = EXP(g, y) and EXP(X, y) share one field inversion.
		var res [][]byte
		res, err = curve25519.X25519Multi(
			[][]byte{s.y[:], s.y[:]},
			[][]byte{curve25519.Basepoint, s.x[:]})
		if err == nil {
			pubY, xy = res[0], res[1]
		}
	}
	if err != nil {
		// Unreachable: Y is never zero, and a low-order X made EXP(X, b)
		// zero in ServerHandshake.
		return nil, nil, fmt.Errorf("ntorv3: client's X %s has low order: %w", hex.EncodeToString(s.x[:]), ErrInvalidPoint)
	}
	defer clear(xy)
	bPub := s.b.PublicKey()
	keySeed, verify := finalSeed(xy, s.xb[:], s.r.id[:], bPub, s.x[:], pubY, s.ver)
	defer clear(keySeed[:])
	defer clear(verify[:])
	encKey, ks := finalKeys(&keySeed)
	defer clear(encKey[:])
	encrypted := xorAESCTR(&encKey, message)
	auth := authTag(&verify, s.r.id[:], bPub, pubY, s.x[:], s.msgMAC[:], encrypted)

	out := make([]byte, 0, ServerOverhead+len(message))
	out = append(out, pubY...)
	out = append(out, auth[:]...)
	out = append(out, encrypted...)
	return out, ks, nil
}
