package ace

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
)

// PublicKey is a relay's onion key B, a point of prime order ℓ.
//
// A PublicKey is immutable and safe for concurrent use. Build one with
// NewPublicKey (which runs the subgroup checks once, so that clients need not
// repeat them on every handshake) or PrivateKey.PublicKey. The zero value
// and a nil pointer are not keys: the handshakes refuse them, Bytes returns
// nil and Equal false.
type PublicKey struct {
	p   point
	enc [pointSize]byte
	ok  bool // set by the constructors; the zero PublicKey is unusable
}

// NewPublicKey parses a PublicKeySize-byte uncompressed Edwards encoding
// x ‖ y of an onion key (each coordinate 32 bytes, little-endian, below
// 2^255-19, bit 255 clear). It returns an error wrapping ErrInvalidPoint
// unless both coordinates are canonical, the point is on the curve and it
// has prime order ℓ (the identity, the other small-order points and points
// with a small-order component are rejected).
func NewPublicKey(b []byte) (*PublicKey, error) {
	if len(b) != PublicKeySize {
		return nil, fmt.Errorf("ace: public key is %d bytes, want %d: %w", len(b), PublicKeySize, ErrInvalidLength)
	}
	k := new(PublicKey)
	if err := decodePrimeOrder(&k.p, b); err != nil {
		return nil, fmt.Errorf("ace: public key %s: %v: %w", hex.EncodeToString(b), err, ErrInvalidPoint)
	}
	copy(k.enc[:], b)
	k.ok = true
	return k, nil
}

// Bytes returns the PublicKeySize-byte encoding x ‖ y of k (nil for an
// uninitialised k).
func (k *PublicKey) Bytes() []byte {
	if !k.valid() {
		return nil
	}
	b := k.enc
	return b[:]
}

// Equal reports whether k and x are the same key. It is false if x is not a
// *PublicKey; an uninitialised key equals nothing, itself included.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(*PublicKey)
	return ok && k.valid() && xx.valid() && k.enc == xx.enc
}

// valid reports whether k was made by a constructor.
func (k *PublicKey) valid() bool { return k != nil && k.ok }

// PrivateKey is a relay's long-term onion key pair (b, B = b·G), with b a
// non-zero scalar mod ℓ. It is safe for concurrent use. Make one with
// GenerateKey or NewPrivateKey: the zero value and a nil pointer are not
// keys (the handshakes and NewRelay refuse them, Bytes and PublicKey return
// nil, Equal false).
type PrivateKey struct {
	secret
	pub PublicKey
}

// secret is a non-zero scalar s mod ℓ, with s·8⁻¹ mod ℓ, the scalar that
// multiplies cofactor-cleared peer points.
type secret struct {
	s, s8 scalar
}

// GenerateKey returns a fresh onion key pair. The scalar is 64 bytes from
// random (crypto/rand.Reader if random is nil) reduced mod ℓ, so it is
// uniform up to a bias below 2^-250; zero is never returned.
func GenerateKey(random io.Reader) (*PrivateKey, error) {
	k := new(PrivateKey)
	if err := k.generate(random); err != nil {
		return nil, err
	}
	return k, nil
}

// generate fills k with a fresh key pair read from random (nil: crypto/rand).
func (k *PrivateKey) generate(random io.Reader) error {
	if err := k.generatePoint(random); err != nil {
		return err
	}
	encodePoints([]*[pointSize]byte{&k.pub.enc}, &k.pub.p)
	k.pub.ok = true
	return nil
}

// generatePoint sets k.s to a fresh non-zero scalar read from random (nil:
// crypto/rand) and k.pub.p to s·G, and leaves the encoding to the caller,
// which may batch it with others (see encodePoints).
func (k *PrivateKey) generatePoint(random io.Reader) error {
	var buf [64]byte
	defer clear(buf[:])
	for {
		if err := readRandom(random, buf[:]); err != nil {
			return err
		}
		if _, err := k.s.SetUniformBytes(buf[:]); err != nil {
			return err // unreachable: buf has the right length
		}
		// Zero has probability about 2^-252. Retrying reveals nothing else.
		if k.s.Equal(zeroScalar) == 0 {
			break
		}
	}
	k.s8.Multiply(&k.s, invEight)
	baseMult(&k.pub.p, &k.s)
	return nil
}

// scalarFor returns the scalar that multiplies a peer point decoded under
// check (decodePeerPoint): s·8⁻¹ for a cofactor-cleared point, s otherwise.
func (k *secret) scalarFor(check SubgroupCheck) *scalar {
	if check == RejectTorsion { // public: the handshake's policy
		return &k.s
	}
	return &k.s8
}

// erase zeroes the secret scalars of k (best effort, as Go allows).
func (k *secret) erase() {
	k.s.Set(zeroScalar)
	k.s8.Set(zeroScalar)
}

// readRandom fills buf from random, or from crypto/rand if random is nil.
// The nil case goes through rand.Read, which keeps buf off the heap (a
// buffer passed to an io.Reader escapes); other readers fill a heap copy.
func readRandom(random io.Reader, buf []byte) error {
	if random == nil {
		_, err := rand.Read(buf) // never fails since Go 1.24
		return err
	}
	tmp := make([]byte, len(buf))
	defer clear(tmp)
	if _, err := io.ReadFull(random, tmp); err != nil {
		return fmt.Errorf("ace: reading randomness: %w", err)
	}
	copy(buf, tmp)
	return nil
}

func (k *PrivateKey) setPublic() {
	k.s8.Multiply(&k.s, invEight)
	baseMult(&k.pub.p, &k.s)
	encodePoints([]*[pointSize]byte{&k.pub.enc}, &k.pub.p)
	k.pub.ok = true
}

// NewPrivateKey returns the key pair whose scalar is the 32-byte canonical
// little-endian encoding b (the format of PrivateKey.Bytes). Non-canonical
// scalars (≥ ℓ) and zero are rejected.
func NewPrivateKey(b []byte) (*PrivateKey, error) {
	if len(b) != PrivateKeySize {
		return nil, fmt.Errorf("ace: private key is %d bytes, want %d: %w", len(b), PrivateKeySize, ErrInvalidLength)
	}
	k := new(PrivateKey)
	if _, err := k.s.SetCanonicalBytes(b); err != nil {
		return nil, errors.New("ace: private key is not a canonical scalar")
	}
	if k.s.Equal(zeroScalar) == 1 {
		return nil, errors.New("ace: private key is zero")
	}
	k.setPublic()
	return k, nil
}

// Bytes returns the 32-byte canonical little-endian encoding of the scalar b
// (nil for an uninitialised k).
func (k *PrivateKey) Bytes() []byte {
	if !k.valid() {
		return nil
	}
	return k.s.Bytes()
}

// valid reports whether k was made by a constructor.
func (k *PrivateKey) valid() bool { return k != nil && k.pub.ok }

// PublicKey returns the public half B (nil for an uninitialised k).
func (k *PrivateKey) PublicKey() *PublicKey {
	if !k.valid() {
		return nil
	}
	p := new(PublicKey)
	p.p.Set(&k.pub.p)
	p.enc = k.pub.enc
	p.ok = k.pub.ok
	return p
}

// Equal reports, in constant time, whether k and x hold the same scalar. It
// is false if x is not a *PrivateKey; an uninitialised key equals nothing,
// itself included.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(*PrivateKey)
	if !ok || !k.valid() || !xx.valid() {
		return false
	}
	return k.s.Equal(&xx.s) == 1
}

// Relay is a relay's node ID and the onion keys it currently accepts
// (typically the current and the previous one during a key rotation), and
// answers client messages with its ServerHandshake methods. It is immutable
// and safe for concurrent use. Only NewRelay makes one: ServerHandshake
// refuses the zero Relay and nil.
type Relay struct {
	nodeID [IDSize]byte
	keys   []*PrivateKey
	check  SubgroupCheck
}

// WithSubgroupCheck returns a copy of r that treats the client points X1
// and X2 under check; r itself is unchanged. A check other than
// ClearCofactor and RejectTorsion makes ServerHandshake with the copy fail.
// A nil r gives nil.
func (r *Relay) WithSubgroupCheck(check SubgroupCheck) *Relay {
	if r == nil {
		return nil
	}
	c := *r
	c.check = check
	return &c
}

// NewRelay bundles a node ID (IDSize bytes) with at least one onion
// key. It keeps pointers to the (immutable) keys. The relay treats client
// points under ClearCofactor; see WithSubgroupCheck.
func NewRelay(nodeID []byte, keys ...*PrivateKey) (*Relay, error) {
	if len(nodeID) != IDSize {
		return nil, fmt.Errorf("ace: node ID is %d bytes, want %d: %w", len(nodeID), IDSize, ErrInvalidLength)
	}
	if len(keys) == 0 {
		return nil, errors.New("ace: no onion keys")
	}
	r := &Relay{keys: append([]*PrivateKey(nil), keys...)}
	for _, k := range r.keys {
		if k == nil || !k.pub.ok {
			return nil, errors.New("ace: nil or uninitialized onion key")
		}
	}
	copy(r.nodeID[:], nodeID)
	return r, nil
}

// lookup returns the key whose public encoding is keyID, or nil. Key IDs are
// public, so a variable-time search is fine.
func (r *Relay) lookup(keyID []byte) *PrivateKey {
	for _, k := range r.keys {
		if subtle.ConstantTimeCompare(k.pub.enc[:], keyID) == 1 {
			return k
		}
	}
	return nil
}
