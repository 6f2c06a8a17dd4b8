package ace

// Benchmarks: Ace (this package) beside
//
//   - ntor-ecdh: Tor's ntor (tor-spec §5.1.4) written here on crypto/ecdh,
//     the baseline: per side two X25519 plus one for the ephemeral key, and
//     the HMACs and HKDF;
//   - ntor-curvekit: the same ntor on curvekit's X25519 (key generation
//     through its basepoint table), for a same-backend ratio;
//   - ntor-pkg: curvekit's handshake/ntor package itself, which also
//     shares field inversions (curve25519.X25519Multi): the ntor a curvekit
//     user runs;
//   - ace-shaped-curvekit: Ace's group work without the subgroup checks
//     (decode x ‖ y with the curve check, key generation, one two-point
//     multiplication per side, encode with the same shared inversions) plus
//     the same KDF, on curvekit with DoubleScalarMult (the interop module's
//     benchmarks run interop/aceref's Ace-shaped handshakes on
//     filippo.io/edwards25519 and curve25519-voi beside this package's);
//   - ace-strict: this package with RejectTorsion on both sides (ace is
//     the default, ClearCofactor).
//
// TestNtorBaselineVector checks the ntor baseline against arti's vector.
// BenchmarkRatio interleaves Ace and ntor handshakes and reports the ratio
// of their median thread-CPU times, the most robust figure on a shared
// machine. "Full" is client create + server respond + client finish. Inline variants
// generate the ephemeral keys inside the timed loop (as the public API
// does); Precomputed variants make them beforehand, as the seed's benchmark
// did. The inline client benchmark cannot get a matching reply without
// running the server, so it finishes against a reply for another message and
// stops at the AUTH comparison, after all the work of a successful Finish.

import (
	"bytes"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/handshake/ntor"
	"github.com/curvekit/curvekit/internal/benchutil"
)

var errBenchAuth = errors.New("bench: AUTH mismatch")

// handshaker is one protocol implementation under benchmark. A nil ephemeral
// argument means "generate it now".
type handshaker interface {
	clientEph() any
	serverEph() any
	clientStart(eph any) (state any, msg []byte)
	serverRespond(msg []byte, eph any) (reply, keys []byte)
	clientFinish(state any, reply []byte) ([]byte, error)
}

func randBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return b
}

// --- Ace, this package ---

type aceBench struct {
	relay *Relay
	pub   *PublicKey
	id    []byte
	check SubgroupCheck // the client's; the relay's is in relay
}

// newAceBench returns Ace with both sides under check.
func newAceBench(tb testing.TB, check SubgroupCheck) *aceBench {
	relay, k, id := testRelay(tb)
	return &aceBench{relay.WithSubgroupCheck(check), k.PublicKey(), id, check}
}

func (a *aceBench) clientEph() any { return [2]*PrivateKey{mustGen(), mustGen()} }
func (a *aceBench) serverEph() any { return mustGen() }

func mustGen() *PrivateKey {
	k, err := GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	return k
}

func (a *aceBench) clientStart(eph any) (any, []byte) {
	var st *ClientState
	var msg []byte
	var err error
	if eph == nil {
		st, msg, err = ClientHandshakePrecomputed(nil, a.id, a.pub)
	} else {
		k := eph.([2]*PrivateKey)
		st, msg, err = newClientHandshake(a.id, a.pub, k[0], k[1])
	}
	if err != nil {
		panic(err)
	}
	st.SetSubgroupCheck(a.check)
	return st, msg
}

func (a *aceBench) serverRespond(msg []byte, eph any) ([]byte, []byte) {
	var reply, keys []byte
	var err error
	if eph == nil {
		reply, keys, err = a.relay.ServerHandshake(nil, msg)
	} else {
		reply, keys, err = serverHandshake(msg, a.relay, eph.(*PrivateKey))
	}
	if err != nil {
		panic(err)
	}
	return reply, keys
}

func (a *aceBench) clientFinish(st any, reply []byte) ([]byte, error) {
	keys, err := st.(*ClientState).Finish(reply)
	if errors.Is(err, ErrAuthFailed) {
		err = errBenchAuth
	}
	return keys, err
}

// --- ntor (tor-spec §5.1.4) on a pluggable X25519 ---

type x25519Impl struct {
	gen  func() (priv any, pub []byte)
	load func(secret []byte) (priv any, pub []byte) // for the test vector
	dh   func(priv any, pub []byte) ([]byte, error)
}

var ecdhX25519 = x25519Impl{
	gen: func() (any, []byte) {
		k, err := ecdh.X25519().GenerateKey(rand.Reader)
		if err != nil {
			panic(err)
		}
		return k, k.PublicKey().Bytes()
	},
	load: func(secret []byte) (any, []byte) {
		k, err := ecdh.X25519().NewPrivateKey(secret)
		if err != nil {
			panic(err)
		}
		return k, k.PublicKey().Bytes()
	},
	dh: func(priv any, pub []byte) ([]byte, error) {
		p, err := ecdh.X25519().NewPublicKey(pub)
		if err != nil {
			return nil, err
		}
		return priv.(*ecdh.PrivateKey).ECDH(p) // errors on an all-zero output
	},
}

var curvekitX25519 = x25519Impl{
	gen: func() (any, []byte) {
		k := randBytes(32)
		pub, err := curve25519.X25519(k, curve25519.Basepoint)
		if err != nil {
			panic(err)
		}
		return k, pub
	},
	load: func(secret []byte) (any, []byte) {
		pub, err := curve25519.X25519(secret, curve25519.Basepoint)
		if err != nil {
			panic(err)
		}
		return secret, pub
	},
	dh: func(priv any, pub []byte) ([]byte, error) {
		return curve25519.X25519(priv.([]byte), pub) // errors on an all-zero output
	},
}

const ntorProtoID = "ntor-curve25519-sha256-1"

type ntorBench struct {
	x    x25519Impl
	id   []byte
	b    any
	bPub []byte
}

type ntorClientState struct {
	x  any
	xp []byte
}

func newNtorBench(x x25519Impl) *ntorBench {
	b, B := x.gen()
	return &ntorBench{x: x, id: randBytes(20), b: b, bPub: B}
}

func (n *ntorBench) clientEph() any {
	x, X := n.x.gen()
	return &ntorClientState{x, X}
}
func (n *ntorBench) serverEph() any { return n.clientEph() }

func (n *ntorBench) clientStart(eph any) (any, []byte) {
	if eph == nil {
		eph = n.clientEph()
	}
	st := eph.(*ntorClientState)
	return st, cat(n.id, n.bPub, st.xp)
}

// ntorDerive computes AUTH and 92 bytes of key material from the two
// X25519 outputs (tor-spec §5.1.4, KDF-RFC5869 of §5.2.2).
func ntorDerive(s1, s2, id, B, X, Y []byte) (auth, keys []byte) {
	secretInput := cat(s1, s2, id, B, X, Y, []byte(ntorProtoID))
	keySeed := hmacSHA256([]byte(ntorProtoID+":key_extract"), secretInput)
	verify := hmacSHA256([]byte(ntorProtoID+":verify"), secretInput)
	auth = hmacSHA256([]byte(ntorProtoID+":mac"), cat(verify, id, B, Y, X, []byte(ntorProtoID), []byte("Server")))
	keys, err := hkdf.Expand(sha256.New, keySeed, ntorProtoID+":key_expand", 92)
	if err != nil {
		panic(err)
	}
	return auth, keys
}

func (n *ntorBench) serverRespond(msg []byte, eph any) ([]byte, []byte) {
	if len(msg) != 84 || string(msg[:20]) != string(n.id) || string(msg[20:52]) != string(n.bPub) {
		panic("ntor: bad message")
	}
	X := msg[52:84]
	if eph == nil {
		eph = n.serverEph()
	}
	y := eph.(*ntorClientState)
	s1, err1 := n.x.dh(y.x, X)
	s2, err2 := n.x.dh(n.b, X)
	if err1 != nil || err2 != nil {
		panic("ntor: low-order X")
	}
	auth, keys := ntorDerive(s1, s2, n.id, n.bPub, X, y.xp)
	return cat(y.xp, auth), keys
}

func (n *ntorBench) clientFinish(state any, reply []byte) ([]byte, error) {
	st := state.(*ntorClientState)
	Y := reply[:32]
	s1, err1 := n.x.dh(st.x, Y)
	s2, err2 := n.x.dh(st.x, n.bPub)
	if err1 != nil || err2 != nil {
		return nil, errors.New("ntor: low-order Y")
	}
	auth, keys := ntorDerive(s1, s2, n.id, n.bPub, st.xp, Y)
	if !hmac.Equal(auth, reply[32:]) {
		return nil, errBenchAuth
	}
	return keys, nil
}

// --- ntor, the real handshake/ntor package ---

// ntorPkgBench is curvekit's handshake/ntor package itself (which shares
// field inversions through curve25519.X25519Multi), so that Ace is also
// compared with the ntor a curvekit user would run, not only with the
// pluggable re-implementation above.
type ntorPkgBench struct {
	id    []byte
	bPub  []byte
	relay *ntor.Relay
}

func newNtorPkgBench(tb testing.TB) *ntorPkgBench {
	b, err := ntor.GenerateKey(nil)
	if err != nil {
		tb.Fatal(err)
	}
	id := randBytes(ntor.IDSize)
	relay, err := ntor.NewRelay(id, b)
	if err != nil {
		tb.Fatal(err)
	}
	return &ntorPkgBench{id: id, bPub: b.PublicKey(), relay: relay}
}

func (n *ntorPkgBench) clientEph() any {
	k, err := ntor.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	return k
}
func (n *ntorPkgBench) serverEph() any { return n.clientEph() }

func (n *ntorPkgBench) clientStart(eph any) (any, []byte) {
	var st *ntor.ClientState
	var msg []byte
	var err error
	if eph == nil {
		st, msg, err = ntor.ClientHandshake(nil, n.id, n.bPub)
	} else {
		st, msg, err = ntor.ClientHandshakeWithKey(eph.(*ntor.PrivateKey), n.id, n.bPub)
	}
	if err != nil {
		panic(err)
	}
	return st, msg
}

func (n *ntorPkgBench) serverRespond(msg []byte, eph any) ([]byte, []byte) {
	var reply []byte
	var km *ntor.KeyMaterial
	var err error
	if eph == nil {
		reply, km, err = n.relay.ServerHandshake(nil, msg)
	} else {
		reply, km, err = n.relay.ServerHandshakeWithKey(eph.(*ntor.PrivateKey), msg)
	}
	if err != nil {
		panic(err)
	}
	keys, err := km.Bytes(KeyMaterialSize)
	if err != nil {
		panic(err)
	}
	return reply, keys
}

func (n *ntorPkgBench) clientFinish(state any, reply []byte) ([]byte, error) {
	km, err := state.(*ntor.ClientState).Finish(reply)
	if errors.Is(err, ntor.ErrAuthFailed) {
		return nil, errBenchAuth
	}
	if err != nil {
		return nil, err
	}
	return km.Bytes(KeyMaterialSize)
}

// --- Ace-shaped computation on a pluggable group ---

// shapedGroup is one library's group operations, as interop/aceref's Group (which
// holds the filippo and voi groups).
type shapedGroup struct {
	Name             string
	Scalar           func(wide []byte) any
	BaseMult         func(s any) any
	Encode           func(out []*[pointSize]byte, pts ...any)
	Decode           func(b []byte) (any, error)
	DoubleScalarMult func(a, P, c, Q any) any
}

type aceGroup = *shapedGroup

// keygen returns a random scalar s and s·G.
func keygen(g aceGroup) (s, P any) {
	s = g.Scalar(randBytes(64))
	return s, g.BaseMult(s)
}

type aceShaped struct {
	g    aceGroup
	id   []byte
	b    any
	bEnc [pointSize]byte
	bPt  any
}

// aceShapedEph is an ephemeral key pair; enc is set once encoded.
type aceShapedEph struct {
	s1, s2     any
	p1, p2     any
	enc1, enc2 [pointSize]byte
	encoded    bool
}

type aceShapedState struct {
	eph *aceShapedEph
	t   transcript
}

func newAceShaped(g aceGroup) *aceShaped {
	a := &aceShaped{g: g, id: randBytes(IDSize)}
	var B any
	a.b, B = keygen(g)
	g.Encode([]*[pointSize]byte{&a.bEnc}, B)
	var err error
	if a.bPt, err = g.Decode(a.bEnc[:]); err != nil {
		panic(err)
	}
	return a
}

// clientEph makes X1 and X2 and encodes them together, as
// NewClientHandshake does.
func (a *aceShaped) clientEph() any {
	e := new(aceShapedEph)
	e.s1, e.p1 = keygen(a.g)
	e.s2, e.p2 = keygen(a.g)
	a.g.Encode([]*[pointSize]byte{&e.enc1, &e.enc2}, e.p1, e.p2)
	e.encoded = true
	return e
}

// serverEph is a precomputed Y, encoded on its own.
func (a *aceShaped) serverEph() any {
	e := new(aceShapedEph)
	e.s1, e.p1 = keygen(a.g)
	a.g.Encode([]*[pointSize]byte{&e.enc1}, e.p1)
	e.encoded = true
	return e
}

func (a *aceShaped) clientStart(eph any) (any, []byte) {
	if eph == nil {
		eph = a.clientEph()
	}
	st := &aceShapedState{eph: eph.(*aceShapedEph)}
	copy(st.t.id[:], a.id)
	st.t.b = a.bEnc
	st.t.x1 = st.eph.enc1
	st.t.x2 = st.eph.enc2
	return st, cat(a.id, a.bEnc[:], st.eph.enc1[:], st.eph.enc2[:])
}

func (a *aceShaped) serverRespond(msg []byte, eph any) ([]byte, []byte) {
	if len(msg) != ClientMessageSize || string(msg[:offB]) != string(a.id) || string(msg[offB:offX1]) != string(a.bEnc[:]) {
		panic("ace-shaped: bad message")
	}
	X1, err1 := a.g.Decode(msg[offX1:offX2])
	X2, err2 := a.g.Decode(msg[offX2:])
	if err1 != nil || err2 != nil {
		panic("ace-shaped: bad point")
	}
	var y *aceShapedEph
	if eph == nil {
		// A fresh Y is encoded together with the shared point, as
		// ServerHandshake does.
		y = new(aceShapedEph)
		y.s1, y.p1 = keygen(a.g)
	} else {
		y = eph.(*aceShapedEph)
	}
	var t transcript
	copy(t.id[:], msg[:offB])
	copy(t.b[:], msg[offB:offX1])
	copy(t.x1[:], msg[offX1:offX2])
	copy(t.x2[:], msg[offX2:])
	r := a.g.DoubleScalarMult(y.s1, X1, a.b, X2)
	var shared [pointSize]byte
	if y.encoded {
		a.g.Encode([]*[pointSize]byte{&shared}, r)
	} else {
		a.g.Encode([]*[pointSize]byte{&y.enc1, &shared}, y.p1, r)
	}
	t.y = y.enc1
	var auth [AuthSize]byte
	keys := t.derive(&shared, &auth)
	return cat(y.enc1[:], auth[:]), keys
}

func (a *aceShaped) clientFinish(state any, reply []byte) ([]byte, error) {
	st := state.(*aceShapedState)
	Y, err := a.g.Decode(reply[:PublicKeySize])
	if err != nil {
		return nil, err
	}
	copy(st.t.y[:], reply[:PublicKeySize])
	r := a.g.DoubleScalarMult(st.eph.s1, Y, st.eph.s2, a.bPt)
	var shared [pointSize]byte
	a.g.Encode([]*[pointSize]byte{&shared}, r)
	var auth [AuthSize]byte
	keys := st.t.derive(&shared, &auth)
	if !hmac.Equal(auth[:], reply[PublicKeySize:]) {
		return nil, errBenchAuth
	}
	return keys, nil
}

// curvekitDecode is decodePeerPoint without the order checks.
func curvekitDecode(b []byte) (*curve25519.Point, error) {
	var x, y, t element
	if _, err := x.SetCanonicalBytes(b[:fieldSize]); err != nil {
		return nil, err
	}
	if _, err := y.SetCanonicalBytes(b[fieldSize:]); err != nil {
		return nil, err
	}
	return new(curve25519.Point).SetExtendedCoordinates(&x, &y, feOne, t.Multiply(&x, &y))
}

var curvekitGroup = &shapedGroup{
	Name: "curvekit",
	Scalar: func(wide []byte) any {
		s, err := curve25519.NewScalar().SetUniformBytes(wide)
		if err != nil {
			panic(err)
		}
		return s
	},
	BaseMult: func(s any) any { return new(curve25519.Point).ScalarBaseMult(s.(*curve25519.Scalar)) },
	Encode: func(out []*[pointSize]byte, pts ...any) {
		var p [maxBatch]*curve25519.Point
		for i := range pts {
			p[i] = pts[i].(*curve25519.Point)
		}
		encodePoints(out, p[:len(pts)]...)
	},
	Decode: func(b []byte) (any, error) { return curvekitDecode(b) },
	DoubleScalarMult: func(a, P, c, Q any) any {
		return new(curve25519.Point).DoubleScalarMult(a.(*curve25519.Scalar), P.(*curve25519.Point), c.(*curve25519.Scalar), Q.(*curve25519.Point))
	},
}

// --- the benchmarks ---

func benchImpls(tb testing.TB) []struct {
	name string
	h    handshaker
} {
	return []struct {
		name string
		h    handshaker
	}{
		{"ace", newAceBench(tb, ClearCofactor)},
		{"ace-strict", newAceBench(tb, RejectTorsion)},
		{"ntor-ecdh", newNtorBench(ecdhX25519)},
		{"ntor-curvekit", newNtorBench(curvekitX25519)},
		{"ntor-pkg", newNtorPkgBench(tb)},
		{"ace-shaped-curvekit", newAceShaped(curvekitGroup)},
	}
}

// runFull runs client create + server respond + client finish.
func runFull(b *testing.B, h handshaker, precomputed bool) {
	var ce, se any
	if precomputed {
		ce, se = h.clientEph(), h.serverEph()
	}
	for i := 0; i < b.N; i++ {
		st, msg := h.clientStart(ce)
		reply, sk := h.serverRespond(msg, se)
		ck, err := h.clientFinish(st, reply)
		if err != nil || len(ck) != len(sk) || len(ck) == 0 {
			b.Fatal("handshake failed", err)
		}
	}
}

func runServer(b *testing.B, h handshaker, precomputed bool) {
	_, msg := h.clientStart(nil)
	var se any
	if precomputed {
		se = h.serverEph()
	}
	for i := 0; i < b.N; i++ {
		reply, _ := h.serverRespond(msg, se)
		if len(reply) != 64 && len(reply) != ServerReplySize { // ntor, Ace
			b.Fatal("bad reply")
		}
	}
}

func runClient(b *testing.B, h handshaker, precomputed bool) {
	var ce any
	var reply []byte
	if precomputed {
		ce = h.clientEph()
		_, msg := h.clientStart(ce)
		reply, _ = h.serverRespond(msg, nil)
	} else {
		// A genuine reply for some other handshake: Finish does all its
		// work and fails only at the AUTH comparison.
		_, msg := h.clientStart(nil)
		reply, _ = h.serverRespond(msg, nil)
	}
	for i := 0; i < b.N; i++ {
		st, _ := h.clientStart(ce)
		_, err := h.clientFinish(st, reply)
		if precomputed && err != nil || !precomputed && err != errBenchAuth {
			b.Fatal("unexpected client result", err)
		}
	}
}

func benchAll(b *testing.B, run func(*testing.B, handshaker, bool), precomputed bool) {
	for _, impl := range benchImpls(b) {
		b.Run(impl.name, func(b *testing.B) {
			withCPU(b, func() { run(b, impl.h, precomputed) })
		})
	}
}

// withCPU runs f and reports the thread CPU time per operation, far less
// sensitive than wall time to other processes on a shared machine, and the
// cycles it corresponds to at the clock /proc/cpuinfo reports.
func withCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := benchutil.ThreadCPU()
	f()
	cpu := float64(benchutil.ThreadCPU()-start) / float64(b.N)
	b.ReportMetric(cpu, "cpu-ns/op")
	if mhz := cpuMHz(); mhz > 0 {
		b.ReportMetric(cpu*mhz/1e3, "cycles/op")
	}
}

// cpuMHz returns the clock from /proc/cpuinfo (Linux), or 0.
var cpuMHz = sync.OnceValue(func() float64 {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "cpu MHz" {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err == nil {
				return f
			}
		}
	}
	return 0
})

func BenchmarkHandshake(b *testing.B)            { benchAll(b, runFull, false) }
func BenchmarkHandshakePrecomputed(b *testing.B) { benchAll(b, runFull, true) }
func BenchmarkServer(b *testing.B)               { benchAll(b, runServer, false) }
func BenchmarkServerPrecomputed(b *testing.B)    { benchAll(b, runServer, true) }
func BenchmarkClient(b *testing.B)               { benchAll(b, runClient, false) }
func BenchmarkClientPrecomputed(b *testing.B)    { benchAll(b, runClient, true) }

// BenchmarkRatio measures the Ace/ntor ratio directly: each iteration runs
// one full Ace handshake and one full ntor handshake (in alternating order)
// and times each with the thread CPU clock; the reported ratio is that of the
// medians, which shrugs off the preemptions and slow phases of a shared
// machine better than separate benchmarks do. Also reported: the medians in
// cpu-ns and estimated cycles.
func BenchmarkRatio(b *testing.B) {
	impls := benchImpls(b)
	get := func(name string) handshaker {
		for _, i := range impls {
			if i.name == name {
				return i.h
			}
		}
		panic(name)
	}
	for _, mode := range []string{"inline", "precomputed"} {
		for _, pair := range [][2]string{
			{"ace", "ntor-ecdh"}, {"ace", "ntor-curvekit"}, {"ace", "ntor-pkg"}, {"ace-strict", "ntor-pkg"},
			{"ace-shaped-curvekit", "ntor-ecdh"},
		} {
			b.Run(mode+"/"+pair[0]+"-vs-"+pair[1], func(b *testing.B) {
				h := [2]handshaker{get(pair[0]), get(pair[1])}
				var ce, se [2]any
				if mode == "precomputed" {
					for j := range h {
						ce[j], se[j] = h[j].clientEph(), h[j].serverEph()
					}
				}
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				times := [2][]float64{make([]float64, 0, b.N), make([]float64, 0, b.N)}
				for i := 0; i < b.N; i++ {
					for k := 0; k < 2; k++ {
						j := (i + k) % 2
						start := benchutil.ThreadCPU()
						st, msg := h[j].clientStart(ce[j])
						reply, _ := h[j].serverRespond(msg, se[j])
						if _, err := h[j].clientFinish(st, reply); err != nil {
							b.Fatal(err)
						}
						times[j] = append(times[j], float64(benchutil.ThreadCPU()-start))
					}
				}
				m0, m1 := benchutil.Median(times[0]), benchutil.Median(times[1])
				b.ReportMetric(m0, "a-cpu-ns")
				b.ReportMetric(m1, "b-cpu-ns")
				if mhz := cpuMHz(); mhz > 0 {
					b.ReportMetric(m0*mhz/1e3, "a-cycles")
					b.ReportMetric(m1*mhz/1e3, "b-cycles")
				}
				b.ReportMetric(m0/m1, "a/b")
			})
		}
	}
}

// BenchmarkPoint measures the per-point costs Ace adds to the group
// multiplications: decoding x ‖ y (the curve equation), the order checks,
// and encoding (an inversion, shared by two points in encode-pair); and,
// for comparison, the RFC 8032 compressed forms (a square root to decode).
func BenchmarkPoint(b *testing.B) {
	enc := mustKey(b).PublicKey().Bytes()
	var p, q, p8 point
	if err := decodePrimeOrder(&p, enc); err != nil {
		b.Fatal(err)
	}
	q.Add(&p, &p)
	compressed := p.Bytes()
	var out1, out2 [pointSize]byte
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"decode", func() { curvekitDecode(enc) }},
		{"decode+clear", func() { decodePeerPoint(&p8, enc, ClearCofactor) }},
		{"decode+torsion+clear", func() { decodePeerPoint(&p8, enc, RejectTorsion) }},
		{"IsTorsionFree", func() { p.IsTorsionFree() }},
		{"encode", func() { encodePoints([]*[pointSize]byte{&out1}, &q) }},
		{"encode-pair", func() { encodePoints([]*[pointSize]byte{&out1, &out2}, &p, &q) }},
		{"compressed-decode", func() { p.SetCanonicalBytes(compressed) }},
		{"compressed-encode", func() { q.Bytes() }},
	} {
		b.Run(c.name, func(b *testing.B) {
			withCPU(b, func() {
				for i := 0; i < b.N; i++ {
					c.f()
				}
			})
		})
	}
}

// The baselines must agree with themselves and fail on a tampered reply,
// or the figures above would measure broken code.
func TestBenchBaselines(t *testing.T) {
	for _, impl := range benchImpls(t) {
		h := impl.h
		st, msg := h.clientStart(nil)
		reply, sk := h.serverRespond(msg, nil)
		ck, err := h.clientFinish(st, reply)
		if err != nil || string(ck) != string(sk) || len(ck) != KeyMaterialSize {
			t.Fatalf("%s: handshake failed: %v", impl.name, err)
		}
		st, _ = h.clientStart(nil)
		if _, err := h.clientFinish(st, reply); err != errBenchAuth {
			t.Fatalf("%s: stale reply: got %v", impl.name, err)
		}
	}
}

// TestNtorBaselineVector checks that the ntor baseline is Tor's ntor, byte
// for byte, on arti's test vector (testdata/tor/ntor.json).
func TestNtorBaselineVector(t *testing.T) {
	data, err := os.ReadFile("testdata/tor/ntor.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []map[string]any `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	for _, v := range file.Vectors {
		h := func(k string) []byte {
			s, _ := v[k].(string)
			b, err := hex.DecodeString(s)
			if err != nil || len(b) == 0 {
				t.Fatalf("field %s: %q", k, s)
			}
			return b
		}
		for name, x := range map[string]x25519Impl{"ecdh": ecdhX25519, "curvekit": curvekitX25519} {
			b, B := x.load(h("relay_onion_secret_b"))
			if !bytes.Equal(B, h("relay_onion_public_B")) {
				t.Fatalf("%s: B = %x", name, B)
			}
			n := &ntorBench{x: x, id: h("relay_id"), b: b, bPub: B}
			xs, X := x.load(h("client_secret_x"))
			ys, Y := x.load(h("relay_ephemeral_secret_y"))
			st, msg := n.clientStart(&ntorClientState{xs, X})
			if !bytes.Equal(msg, h("client_handshake")) {
				t.Fatalf("%s: client message %x", name, msg)
			}
			reply, sk := n.serverRespond(msg, &ntorClientState{ys, Y})
			if !bytes.Equal(reply, h("server_handshake")) {
				t.Fatalf("%s: reply %x", name, reply)
			}
			want := h("key_material")
			if !bytes.Equal(sk[:len(want)], want) {
				t.Fatalf("%s: key material %x", name, sk)
			}
			ck, err := n.clientFinish(st, reply)
			if err != nil || !bytes.Equal(ck, sk) {
				t.Fatalf("%s: client finish: %v", name, err)
			}
		}
	}
}
