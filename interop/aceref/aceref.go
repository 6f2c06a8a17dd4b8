// Package aceref runs the Ace handshake's group work and key derivation
// (Tor proposal 223, with the choices of package handshake/ace) on other Go
// libraries' edwards25519 groups: filippo.io/edwards25519 (the standard
// library's code) and curve25519-voi. No Go library implements Ace, so these
// "Ace-shaped" handshakes are what cmd/ecbench and handshake/ace's
// benchmarks compare curvekit's Ace with.
//
// The handshakes here decode peer points with the coordinate and curve
// checks but WITHOUT the prime-order subgroup check that handshake/ace
// performs (neither library offers a cheap one), so they are a lower bound
// on what Ace would cost on those libraries. They are for measurement and
// tests, not for use.
//
// Group Filippo exchanges points as x ‖ y, byte for byte as handshake/ace
// does (a test checks identical messages and keys for identical secrets).
// Group Voi cannot: curve25519-voi exposes no point coordinates, so it sends
// RFC 8032 compressed points zero-padded to the 64-byte slots; decoding then
// costs a square root and each encoding its own inversion.
//
// The package lives in the interop module, which carries the peers as
// dependencies so that the library's go.mod does not; it is importable only so
// that cmd/ecbench can use it, and is not part of curvekit's API.
package aceref

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"io"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
	"github.com/curvekit/curvekit/internal/hmacsha256"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
)

// Sizes, as in handshake/ace.
const (
	IDSize            = 32
	PointSize         = 64
	ClientMessageSize = IDSize + 3*PointSize
	ServerReplySize   = PointSize + sha256.Size
	KeyMaterialSize   = 92
)

// Protocol strings of proposal 223 and handshake/ace's key expansion.
const (
	protocolID = "ace-curve25519-ed-uncompressed-sha256-1"
	tKey       = protocolID + ":key"
	tVerify    = protocolID + ":verify"
	mExpand    = protocolID + ":key_expand"
)

var (
	tKeyMAC    = hmacsha256.NewKey([]byte(tKey))
	tVerifyMAC = hmacsha256.NewKey([]byte(tVerify))

	errMessage = errors.New("aceref: malformed message")
	errPoint   = errors.New("aceref: invalid point")
	errAuth    = errors.New("aceref: AUTH mismatch")
)

// Group is one library's edwards25519 group with the operations Ace needs.
// Scalars and points are the library's own types behind any.
type Group struct {
	Name string
	// Scalar reduces 64 uniformly random bytes mod ℓ.
	Scalar func(wide []byte) any
	// BaseMult returns s·G.
	BaseMult func(s any) any
	// Encode writes the encodings of pts to out, sharing one inversion
	// where the library allows.
	Encode func(out []*[PointSize]byte, pts ...any)
	// Decode parses an encoding with the coordinate and curve checks (no
	// subgroup check).
	Decode func(b []byte) (any, error)
	// DoubleScalarMult returns a·P + c·Q in constant time.
	DoubleScalarMult func(a, P, c, Q any) any
}

func randomScalar(g *Group, random io.Reader) (any, error) {
	if random == nil {
		random = rand.Reader
	}
	var wide [64]byte
	if _, err := io.ReadFull(random, wide[:]); err != nil {
		return nil, err
	}
	return g.Scalar(wide[:]), nil
}

// Relay is the server side: a node ID and an onion key b, B = b·G.
type Relay struct {
	g    *Group
	id   [IDSize]byte
	b    any
	bEnc [PointSize]byte
}

// NewRelay makes a relay with a random onion key.
func NewRelay(g *Group, random io.Reader, id []byte) (*Relay, error) {
	b, err := randomScalar(g, random)
	if err != nil {
		return nil, err
	}
	return NewRelayWithScalar(g, id, b)
}

// NewRelayWithScalar makes a relay with onion key b (a scalar of g).
func NewRelayWithScalar(g *Group, id []byte, b any) (*Relay, error) {
	if len(id) != IDSize {
		return nil, errMessage
	}
	r := &Relay{g: g, b: b}
	copy(r.id[:], id)
	g.Encode([]*[PointSize]byte{&r.bEnc}, g.BaseMult(b))
	return r, nil
}

// PublicKey returns the encoding of B.
func (r *Relay) PublicKey() []byte { return bytes.Clone(r.bEnc[:]) }

// transcript is what both sides hash: NODEID, B, X1, X2, Y.
type transcript struct {
	id           [IDSize]byte
	b, x1, x2, y [PointSize]byte
}

// derive returns AUTH and the key material from the shared point's
// encoding, as handshake/ace does.
func (t *transcript) derive(shared *[PointSize]byte) (auth [sha256.Size]byte, keys []byte) {
	var keySeed, keyVerify [sha256.Size]byte
	tKeyMAC.MAC(&keySeed, shared[:], t.id[:], t.b[:], t.x1[:], t.x2[:], t.y[:], []byte(protocolID), []byte("Key Seed"))
	tVerifyMAC.MAC(&keyVerify, shared[:], t.id[:], t.b[:], t.x1[:], t.x2[:], t.y[:], []byte(protocolID), []byte("HMac Seed"))
	hmacsha256.MAC(&auth, keyVerify[:], t.id[:], t.b[:], t.y[:], t.x1[:], t.x2[:], []byte(protocolID), []byte("Server"))
	keys = make([]byte, KeyMaterialSize)
	if err := hmacsha256.Expand(keys, keySeed[:], []byte(mExpand)); err != nil {
		panic(err) // KeyMaterialSize is far below Expand's limit
	}
	return auth, keys
}

// ClientState is the client between its message and the relay's reply.
type ClientState struct {
	g      *Group
	t      transcript
	x1, x2 any
	relay  any // B
}

// ClientCreate draws the ephemeral scalars x1, x2 from random (crypto/rand
// if nil) and returns the client state and NODEID ‖ B ‖ X1 ‖ X2.
func ClientCreate(g *Group, random io.Reader, id, relayKey []byte) (*ClientState, []byte, error) {
	x1, err := randomScalar(g, random)
	if err != nil {
		return nil, nil, err
	}
	x2, err := randomScalar(g, random)
	if err != nil {
		return nil, nil, err
	}
	return ClientCreateWithScalars(g, id, relayKey, x1, x2)
}

// ClientCreateWithScalars is ClientCreate with given ephemeral scalars.
func ClientCreateWithScalars(g *Group, id, relayKey []byte, x1, x2 any) (*ClientState, []byte, error) {
	if len(id) != IDSize || len(relayKey) != PointSize {
		return nil, nil, errMessage
	}
	B, err := g.Decode(relayKey)
	if err != nil {
		return nil, nil, err
	}
	c := &ClientState{g: g, x1: x1, x2: x2, relay: B}
	copy(c.t.id[:], id)
	copy(c.t.b[:], relayKey)
	g.Encode([]*[PointSize]byte{&c.t.x1, &c.t.x2}, g.BaseMult(x1), g.BaseMult(x2))
	msg := make([]byte, 0, ClientMessageSize)
	msg = append(append(append(append(msg, id...), relayKey...), c.t.x1[:]...), c.t.x2[:]...)
	return c, msg, nil
}

// Finish processes the reply Y ‖ AUTH and returns the key material.
func (c *ClientState) Finish(reply []byte) ([]byte, error) {
	if len(reply) != ServerReplySize {
		return nil, errMessage
	}
	Y, err := c.g.Decode(reply[:PointSize])
	if err != nil {
		return nil, err
	}
	copy(c.t.y[:], reply[:PointSize])
	var shared [PointSize]byte
	c.g.Encode([]*[PointSize]byte{&shared}, c.g.DoubleScalarMult(c.x1, Y, c.x2, c.relay))
	auth, keys := c.t.derive(&shared)
	if !hmac.Equal(auth[:], reply[PointSize:]) {
		return nil, errAuth
	}
	return keys, nil
}

// Respond answers a client message with a fresh ephemeral scalar y from
// random (crypto/rand if nil): it returns Y ‖ AUTH and the key material.
func (r *Relay) Respond(random io.Reader, msg []byte) (reply, keys []byte, err error) {
	y, err := randomScalar(r.g, random)
	if err != nil {
		return nil, nil, err
	}
	return r.RespondWithScalar(y, msg)
}

// RespondWithScalar is Respond with a given ephemeral scalar.
func (r *Relay) RespondWithScalar(y any, msg []byte) (reply, keys []byte, err error) {
	if len(msg) != ClientMessageSize || !bytes.Equal(msg[:IDSize], r.id[:]) ||
		!bytes.Equal(msg[IDSize:IDSize+PointSize], r.bEnc[:]) {
		return nil, nil, errMessage
	}
	var t transcript
	t.id, t.b = r.id, r.bEnc
	copy(t.x1[:], msg[IDSize+PointSize:])
	copy(t.x2[:], msg[IDSize+2*PointSize:])
	X1, err := r.g.Decode(t.x1[:])
	if err != nil {
		return nil, nil, err
	}
	X2, err := r.g.Decode(t.x2[:])
	if err != nil {
		return nil, nil, err
	}
	var shared [PointSize]byte
	r.g.Encode([]*[PointSize]byte{&t.y, &shared}, r.g.BaseMult(y), r.g.DoubleScalarMult(y, X1, r.b, X2))
	auth, keys := t.derive(&shared)
	return append(t.y[:], auth[:]...), keys, nil
}

// Filippo is filippo.io/edwards25519: points as x ‖ y with one shared
// inversion per Encode (Montgomery's trick), the two-point multiplication as
// two constant-time ScalarMults and an Add (it has no two-point method).
var Filippo = &Group{
	Name: "filippo.io/edwards25519",
	Scalar: func(wide []byte) any {
		s, err := edwards25519.NewScalar().SetUniformBytes(wide)
		if err != nil {
			panic(err) // wide is 64 bytes
		}
		return s
	},
	BaseMult: func(s any) any { return new(edwards25519.Point).ScalarBaseMult(s.(*edwards25519.Scalar)) },
	Encode: func(out []*[PointSize]byte, pts ...any) {
		if len(pts) != len(out) || len(pts) > 4 {
			panic("aceref: bad batch")
		}
		var X, Y, Z, prefix [4]field.Element
		var acc, zInv, x, y field.Element
		acc.One()
		for i := range pts {
			pX, pY, pZ, _ := pts[i].(*edwards25519.Point).ExtendedCoordinates()
			X[i], Y[i], Z[i] = *pX, *pY, *pZ
			prefix[i].Set(&acc)
			acc.Multiply(&acc, pZ)
		}
		acc.Invert(&acc)
		for i := len(pts) - 1; i >= 0; i-- {
			zInv.Multiply(&acc, &prefix[i])
			acc.Multiply(&acc, &Z[i])
			copy(out[i][:32], x.Multiply(&X[i], &zInv).Bytes())
			copy(out[i][32:], y.Multiply(&Y[i], &zInv).Bytes())
		}
	},
	Decode: func(b []byte) (any, error) {
		if len(b) != PointSize {
			return nil, errPoint
		}
		x, err1 := new(field.Element).SetBytes(b[:32])
		y, err2 := new(field.Element).SetBytes(b[32:])
		if err1 != nil || err2 != nil || !bytes.Equal(x.Bytes(), b[:32]) || !bytes.Equal(y.Bytes(), b[32:]) {
			return nil, errPoint
		}
		p, err := new(edwards25519.Point).SetExtendedCoordinates(x, y, new(field.Element).One(), new(field.Element).Multiply(x, y))
		if err != nil {
			return nil, errPoint
		}
		return p, nil
	},
	DoubleScalarMult: func(a, P, c, Q any) any {
		var r, t edwards25519.Point
		r.ScalarMult(a.(*edwards25519.Scalar), P.(*edwards25519.Point))
		t.ScalarMult(c.(*edwards25519.Scalar), Q.(*edwards25519.Point))
		return r.Add(&r, &t)
	},
}

// Voi is curve25519-voi: compressed points zero-padded to 64 bytes (see the
// package documentation), the two-point multiplication as its constant-time
// Straus MultiscalarMul.
var Voi = &Group{
	Name: "curve25519-voi",
	Scalar: func(wide []byte) any {
		s, err := voiscalar.New().SetBytesModOrderWide(wide)
		if err != nil {
			panic(err) // wide is 64 bytes
		}
		return s
	},
	BaseMult: func(s any) any {
		return voi.NewEdwardsPoint().MulBasepoint(voi.ED25519_BASEPOINT_TABLE, s.(*voiscalar.Scalar))
	},
	Encode: func(out []*[PointSize]byte, pts ...any) {
		for i := range pts {
			var c voi.CompressedEdwardsY
			c.SetEdwardsPoint(pts[i].(*voi.EdwardsPoint))
			*out[i] = [PointSize]byte{}
			copy(out[i][:], c[:])
		}
	},
	Decode: func(b []byte) (any, error) {
		if len(b) != PointSize || !bytes.Equal(b[32:], make([]byte, 32)) {
			return nil, errPoint
		}
		c, err := voi.NewCompressedEdwardsYFromBytes(b[:32])
		if err != nil {
			return nil, errPoint
		}
		p, err := voi.NewEdwardsPoint().SetCompressedY(c)
		if err != nil {
			return nil, errPoint
		}
		return p, nil
	},
	DoubleScalarMult: func(a, P, c, Q any) any {
		var r voi.EdwardsPoint
		r.MultiscalarMul([]*voiscalar.Scalar{a.(*voiscalar.Scalar), c.(*voiscalar.Scalar)},
			[]*voi.EdwardsPoint{P.(*voi.EdwardsPoint), Q.(*voi.EdwardsPoint)})
		return &r
	},
}
