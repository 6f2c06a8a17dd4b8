package hsntor

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha3"
	"crypto/subtle"
	"fmt"
	"io"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/handshake"
)

// Sizes of keys and protocol fields.
const (
	// KeySize is the size of an X25519 key (B, X, Y), of the introduction
	// point's authentication key AUTH_KEY (an Ed25519 public key) and of a
	// subcredential.
	KeySize = 32
	// MACSize is the size of rend-spec-v3's MAC (SHA3-256): the INTRODUCE1
	// MAC and AUTH_INPUT_MAC.
	MACSize = 32
	// IntroduceOverhead is what ClientHandshake adds to the plaintext:
	// CLIENT_PK before the encrypted data and the MAC after it.
	IntroduceOverhead = KeySize + MACSize
	// ReplySize is the size of the service's reply SERVER_PK ‖ AUTH (the
	// HANDSHAKE_INFO of RENDEZVOUS1 and RENDEZVOUS2).
	ReplySize = KeySize + MACSize
	// CircuitKeySize is how much key material Tor reads for the rendezvous
	// circuit's hops: Df and Db (32 bytes each, SHA3-256 digest seeds), Kf
	// and Kb (32 bytes each, AES-256 keys).
	CircuitKeySize = 128
)

// The errors returned are these values, wrapped with the detail: use
// errors.Is. They are the shared values of package handshake.
var (
	// ErrInvalidLength means a key, subcredential or message has the wrong
	// length.
	ErrInvalidLength = handshake.ErrInvalidLength
	// ErrInvalidPoint means an X25519 result was all zero: the peer's key
	// (B, X or Y) has low order.
	ErrInvalidPoint = handshake.ErrInvalidPoint
	// ErrAuthFailed means the INTRODUCE MAC (at the service) or
	// AUTH_INPUT_MAC (at the client) did not verify.
	ErrAuthFailed = handshake.ErrAuthFailed
	// ErrStateUsed means a ClientState or ServiceState was used a second
	// time, or was not made by its constructor; also a Service or
	// KeyMaterial not made by its constructor.
	ErrStateUsed = handshake.ErrStateUsed
)

// introKeySize is S_KEY_LEN + MAC_KEY_LEN: ENC_KEY (AES-256) and MAC_KEY.
const introKeySize = 32 + MACSize

// ClientState is what the client keeps between sending INTRODUCE1 and
// receiving RENDEZVOUS2. Only ClientHandshake makes one. It is single-use:
// Finish erases its secrets whether it succeeds or fails, and a second
// Finish, like Finish on the zero ClientState or a nil pointer, returns an
// error wrapping [ErrStateUsed].
type ClientState struct {
	x    [KeySize]byte // ephemeral private key
	xPub [KeySize]byte // X
	b    [KeySize]byte // B, the intro point's encryption key
	bx   [KeySize]byte // EXP(B, x), kept for the rendezvous step
	auth [KeySize]byte // AUTH_KEY
	ok   bool
}

// ClientHandshake starts the handshake with an onion service's introduction
// point and encrypts the client's INTRODUCE1 plaintext. authKey is the intro
// point's authentication key AUTH_KEY (32 bytes, KP_hs_ipt_sid), introKey its
// encryption key B (32 bytes, KP_hss_ntor), both from the service's
// descriptor, and subcredential the service's current subcredential (32
// bytes). It reads a fresh ephemeral key x (32 bytes) from rand
// (crypto/rand if nil).
//
// header is the INTRODUCE1 message up to the encrypted section, which the MAC
// covers; plaintext is the section's content, already padded as the caller
// wants it. The result is CLIENT_PK ‖ ENCRYPTED_DATA ‖ MAC, to append to
// header: X, the plaintext under AES-256-CTR with ENC_KEY and a zero IV, and
// MAC(MAC_KEY, header ‖ X ‖ ENCRYPTED_DATA); len(plaintext) +
// [IntroduceOverhead] bytes.
//
// A low-order introKey (EXP(B, x) all zero) returns an error wrapping
// [ErrInvalidPoint].
func ClientHandshake(rand io.Reader, authKey, introKey, subcredential, header, plaintext []byte) (*ClientState, []byte, error) {
	if err := checkLen("AUTH_KEY", authKey); err != nil {
		return nil, nil, err
	}
	if err := checkLen("intro point key B", introKey); err != nil {
		return nil, nil, err
	}
	if err := checkLen("subcredential", subcredential); err != nil {
		return nil, nil, err
	}
	c := new(ClientState)
	if _, err := io.ReadFull(randReader(rand), c.x[:]); err != nil {
		clear(c.x[:])
		return nil, nil, fmt.Errorf("hsntor: reading ephemeral key: %w", err)
	}
	// X = EXP(g, x) and EXP(B, x) share one field inversion.
	res, err := curve25519.X25519Multi([][]byte{c.x[:], c.x[:]}, [][]byte{curve25519.Basepoint, introKey})
	if err != nil {
		clear(c.x[:])
		// X is never zero: the all-zero result is EXP(B, x).
		return nil, nil, fmt.Errorf("hsntor: intro point key B has low order: %w", ErrInvalidPoint)
	}
	copy(c.xPub[:], res[0])
	copy(c.bx[:], res[1])
	clear(res[1])
	copy(c.b[:], introKey)
	copy(c.auth[:], authKey)

	var keys [introKeySize]byte
	introKeys(&keys, &c.bx, &c.auth, &c.xPub, &c.b, subcredential)
	msg := make([]byte, KeySize+len(plaintext)+MACSize)
	copy(msg, c.xPub[:])
	ct := msg[KeySize : KeySize+len(plaintext)]
	aesCTR(keys[:32], ct, plaintext)
	var tag [MACSize]byte
	mac(&tag, keys[32:], header, msg[:KeySize+len(plaintext)])
	copy(msg[KeySize+len(plaintext):], tag[:])
	clear(keys[:])
	c.ok = true
	return c, msg, nil
}

// Finish processes the service's reply SERVER_PK ‖ AUTH (64 bytes, the
// HANDSHAKE_INFO of RENDEZVOUS2). It returns the key material only if AUTH
// is AUTH_INPUT_MAC; otherwise an error wrapping [ErrAuthFailed],
// [ErrInvalidPoint] (a low-order Y) or [ErrInvalidLength], and no keys.
// Either way the state's secrets are erased.
func (c *ClientState) Finish(reply []byte) (*KeyMaterial, error) {
	if c == nil || !c.ok {
		return nil, fmt.Errorf("hsntor: ClientState.Finish: %w", ErrStateUsed)
	}
	defer c.erase()
	if len(reply) != ReplySize {
		return nil, fmt.Errorf("hsntor: rendezvous reply is %d bytes, want %d: %w", len(reply), ReplySize, ErrInvalidLength)
	}
	y, auth := reply[:KeySize], reply[KeySize:]
	yx, err := curve25519.X25519(c.x[:], y)
	if err != nil {
		return nil, fmt.Errorf("hsntor: service key Y has low order: %w", ErrInvalidPoint)
	}
	var r rendInput
	r.set(yx, c.bx[:], c.auth[:], c.b[:], c.xPub[:], y)
	clear(yx)
	var seed, want [MACSize]byte
	r.derive(&seed, &want)
	if subtle.ConstantTimeCompare(want[:], auth) != 1 {
		clear(seed[:])
		return nil, fmt.Errorf("hsntor: AUTH_INPUT_MAC does not verify: %w", ErrAuthFailed)
	}
	km := newKeyMaterial(&seed)
	clear(seed[:])
	return km, nil
}

func (c *ClientState) erase() { *c = ClientState{} }

// Service is one introduction point of an onion service, as the service
// sees it: its encryption key pair (b, B), its authentication key AUTH_KEY
// and the subcredentials the service accepts. Only NewService makes one; it
// is read-only afterwards and safe for concurrent use. Receive on the zero
// Service or a nil pointer returns an error wrapping [ErrStateUsed].
type Service struct {
	b, bPub  [KeySize]byte
	auth     [KeySize]byte
	subcreds [][KeySize]byte
}

// NewService returns the introduction point with encryption key key and
// authentication key authKey (32 bytes), accepting the given subcredentials
// (32 bytes each, at least one; a service offering client authorization or
// straddling a time period has several, and Receive tries them all).
func NewService(key *PrivateKey, authKey []byte, subcredentials ...[]byte) (*Service, error) {
	if !key.Valid() {
		return nil, fmt.Errorf("hsntor: NewService: private key not made by GenerateKey or NewPrivateKey: %w", ErrStateUsed)
	}
	if err := checkLen("AUTH_KEY", authKey); err != nil {
		return nil, err
	}
	if len(subcredentials) == 0 {
		return nil, fmt.Errorf("hsntor: NewService: no subcredential: %w", ErrInvalidLength)
	}
	s := &Service{subcreds: make([][KeySize]byte, len(subcredentials))}
	secret := key.Bytes()
	copy(s.b[:], secret)
	clear(secret)
	copy(s.bPub[:], key.PublicKey())
	copy(s.auth[:], authKey)
	for i, sc := range subcredentials {
		if err := checkLen("subcredential", sc); err != nil {
			return nil, err
		}
		copy(s.subcreds[i][:], sc)
	}
	return s, nil
}

// ServiceState is what the service keeps between accepting an INTRODUCE2
// message and sending RENDEZVOUS1. Only Service.Receive makes one. It is
// single-use: Reply erases its secrets whether it succeeds or fails, and a
// second Reply, like Reply on the zero ServiceState or a nil pointer,
// returns an error wrapping [ErrStateUsed].
type ServiceState struct {
	bx   [KeySize]byte // EXP(X, b)
	bPub [KeySize]byte // B
	x    [KeySize]byte // X
	auth [KeySize]byte // AUTH_KEY
	ok   bool
}

// Receive processes the encrypted section of an INTRODUCE2 message,
// CLIENT_PK ‖ ENCRYPTED_DATA ‖ MAC (msg, at least [IntroduceOverhead]
// bytes), with header the message before it. It derives the introduction
// keys for every subcredential, checks the MAC against each in constant time
// (all of them, whichever matches) and, if one matches, returns the rendezvous
// state and the decrypted plaintext. Otherwise it returns an error wrapping
// [ErrAuthFailed], or [ErrInvalidPoint] if X has low order, or
// [ErrInvalidLength].
func (s *Service) Receive(header, msg []byte) (*ServiceState, []byte, error) {
	if s == nil || len(s.subcreds) == 0 {
		return nil, nil, fmt.Errorf("hsntor: Service not made by NewService: %w", ErrStateUsed)
	}
	if len(msg) < IntroduceOverhead {
		return nil, nil, fmt.Errorf("hsntor: introduce message is %d bytes, want at least %d: %w", len(msg), IntroduceOverhead, ErrInvalidLength)
	}
	x := msg[:KeySize]
	ct := msg[KeySize : len(msg)-MACSize]
	tag := msg[len(msg)-MACSize:]
	bx, err := curve25519.X25519(s.b[:], x)
	if err != nil {
		return nil, nil, fmt.Errorf("hsntor: client key X has low order: %w", ErrInvalidPoint)
	}
	st := &ServiceState{bPub: s.bPub, auth: s.auth}
	copy(st.bx[:], bx)
	clear(bx)
	copy(st.x[:], x)

	var keys [introKeySize]byte
	var encKey [32]byte
	var want [MACSize]byte
	found := 0
	for i := range s.subcreds {
		introKeys(&keys, &st.bx, &st.auth, &st.x, &st.bPub, s.subcreds[i][:])
		mac(&want, keys[32:], header, msg[:len(msg)-MACSize])
		eq := subtle.ConstantTimeCompare(want[:], tag)
		subtle.ConstantTimeCopy(eq, encKey[:], keys[:32])
		found |= eq
	}
	clear(keys[:])
	if found != 1 {
		clear(encKey[:])
		st.erase()
		return nil, nil, fmt.Errorf("hsntor: INTRODUCE MAC does not verify under any of %d subcredentials: %w", len(s.subcreds), ErrAuthFailed)
	}
	pt := make([]byte, len(ct))
	aesCTR(encKey[:], pt, ct)
	clear(encKey[:])
	st.ok = true
	return st, pt, nil
}

// Reply completes the service's side: it reads a fresh ephemeral key y (32
// bytes) from rand (crypto/rand if nil) and returns the reply SERVER_PK ‖
// AUTH (Y ‖ AUTH_INPUT_MAC, [ReplySize] bytes, the HANDSHAKE_INFO of
// RENDEZVOUS1) and the key material. Either way the state's secrets are
// erased.
func (st *ServiceState) Reply(rand io.Reader) ([]byte, *KeyMaterial, error) {
	if st == nil || !st.ok {
		return nil, nil, fmt.Errorf("hsntor: ServiceState.Reply: %w", ErrStateUsed)
	}
	defer st.erase()
	var y [KeySize]byte
	defer clear(y[:])
	if _, err := io.ReadFull(randReader(rand), y[:]); err != nil {
		return nil, nil, fmt.Errorf("hsntor: reading ephemeral key: %w", err)
	}
	// Y = EXP(g, y) and EXP(X, y) share one field inversion.
	res, err := curve25519.X25519Multi([][]byte{y[:], y[:]}, [][]byte{curve25519.Basepoint, st.x[:]})
	if err != nil {
		// Unreachable after Receive, which refused a low-order X.
		return nil, nil, fmt.Errorf("hsntor: client key X has low order: %w", ErrInvalidPoint)
	}
	yPub := res[0]
	var r rendInput
	r.set(res[1], st.bx[:], st.auth[:], st.bPub[:], st.x[:], yPub)
	clear(res[1])
	var seed, auth [MACSize]byte
	r.derive(&seed, &auth)
	reply := make([]byte, 0, ReplySize)
	reply = append(reply, yPub...)
	reply = append(reply, auth[:]...)
	km := newKeyMaterial(&seed)
	clear(seed[:])
	return reply, km, nil
}

func (st *ServiceState) erase() { *st = ServiceState{} }

// introKeys computes ENC_KEY ‖ MAC_KEY = SHAKE-256(intro_secret_hs_input ‖
// t_hsenc ‖ info)[:64], where intro_secret_hs_input = EXP(B,x) ‖ AUTH_KEY ‖
// X ‖ B ‖ PROTOID and info = m_hsexpand ‖ subcredential.
func introKeys(out *[introKeySize]byte, bx, auth, x, b *[KeySize]byte, subcredential []byte) {
	h := sha3.NewSHAKE256()
	h.Write(bx[:])
	h.Write(auth[:])
	h.Write(x[:])
	h.Write(b[:])
	h.Write([]byte(protoID + tHSEnc + mHSExpand))
	h.Write(subcredential)
	h.Read(out[:])
	h.Reset()
}

// rendInputSize is EXP ‖ EXP ‖ AUTH_KEY ‖ B ‖ X ‖ Y ‖ PROTOID: 225 bytes.
const rendInputSize = 6*KeySize + len(protoID)

// rendInput is rend_secret_hs_input, and the public values auth_input needs.
type rendInput struct {
	buf [rendInputSize]byte
}

// set fills rend_secret_hs_input = EXP(Y,x) ‖ EXP(B,x) ‖ AUTH_KEY ‖ B ‖ X ‖
// Y ‖ PROTOID (the service's EXP(X,y) ‖ EXP(X,b) are the same values).
func (r *rendInput) set(yx, bx, auth, b, x, y []byte) {
	n := 0
	for _, p := range [][]byte{yx, bx, auth, b, x, y, []byte(protoID)} {
		n += copy(r.buf[n:], p)
	}
}

// Field offsets in rendInput.buf.
const (
	offAuth = 2 * KeySize
	offB    = offAuth + KeySize
	offX    = offB + KeySize
	offY    = offX + KeySize
)

// derive computes NTOR_KEY_SEED = MAC(rend_secret_hs_input, t_hsenc) and
// AUTH_INPUT_MAC = MAC(auth_input, t_hsmac), where auth_input = verify ‖
// AUTH_KEY ‖ B ‖ Y ‖ X ‖ PROTOID ‖ "Server" and verify =
// MAC(rend_secret_hs_input, t_hsverify); then it erases the input.
func (r *rendInput) derive(seed, authMAC *[MACSize]byte) {
	mac(seed, r.buf[:], []byte(tHSEnc))
	var verify [MACSize]byte
	mac(&verify, r.buf[:], []byte(tHSVerify))
	b := r.buf[offB : offB+KeySize]
	x := r.buf[offX : offX+KeySize]
	y := r.buf[offY : offY+KeySize]
	// auth_input is the MAC key here: MAC(k, m) hashes len(k) ‖ k ‖ m.
	var ai [MACSize + 4*KeySize + len(protoID) + len(serverTag)]byte
	n := 0
	for _, p := range [][]byte{verify[:], r.buf[offAuth : offAuth+KeySize], b, y, x, []byte(protoID + serverTag)} {
		n += copy(ai[n:], p)
	}
	mac(authMAC, ai[:], []byte(tHSMAC))
	clear(verify[:])
	clear(ai[:])
	clear(r.buf[:])
}

// aesCTR XORs src with the AES-256-CTR key stream of key and a zero IV.
func aesCTR(key, dst, src []byte) {
	block, err := aes.NewCipher(key)
	if err != nil {
		// Unreachable: key is always 32 bytes.
		panic("hsntor: " + err.Error())
	}
	var iv [aes.BlockSize]byte
	cipher.NewCTR(block, iv[:]).XORKeyStream(dst, src)
}

func checkLen(what string, b []byte) error {
	if len(b) != KeySize {
		return fmt.Errorf("hsntor: %s is %d bytes, want %d: %w", what, len(b), KeySize, ErrInvalidLength)
	}
	return nil
}
