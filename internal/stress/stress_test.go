package stress

import (
	"bytes"
	"crypto/ecdh"
	stded25519 "crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"sync"
	"testing"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/handshake/ntor"
)

const goroutines = 16

func iterations() int {
	if testing.Short() {
		return 2
	}
	return 8
}

func det(i int, tag string) []byte {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s %d", tag, i)))
	return h[:]
}

// run starts goroutines copies of f(g) at once and waits for them.
func run(t *testing.T, f func(g int) error) {
	t.Helper()
	var start, wg sync.WaitGroup
	start.Add(1)
	errs := make(chan error, goroutines)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start.Wait()
			if err := f(g); err != nil {
				errs <- err
			}
		}()
	}
	start.Done()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestSharedKeys: goroutines share one PrivateKey (whose expansion is cached
// on first use), one ExpandedPrivateKey, one ExpandedPublicKey, one
// PrecomputedX25519, one ntor Relay and one Ace Relay, and check every
// result against the standard library or the other side of the handshake.
func TestSharedKeys(t *testing.T) {
	seed := det(0, "shared")
	sk := ed25519.NewKeyFromSeed(seed)
	ssk := stded25519.NewKeyFromSeed(seed)
	pub := ed25519.PublicKey(ssk.Public().(stded25519.PublicKey))
	exp, err := ed25519.ExpandPrivateKey(sk)
	if err != nil {
		t.Fatal(err)
	}
	epub, err := ed25519.NewExpandedPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	peer := det(1, "peer")
	peerPub, _ := curve25519.X25519(peer, curve25519.Basepoint)
	pre, err := curve25519.NewPrecomputedX25519(peerPub)
	if err != nil {
		t.Fatal(err)
	}
	epeer, _ := ecdh.X25519().NewPublicKey(peerPub)

	nb, _ := ntor.NewPrivateKey(det(2, "ntor"))
	nid := det(3, "id")[:ntor.IDSize]
	nrelay, err := ntor.NewRelay(nid, nb)
	if err != nil {
		t.Fatal(err)
	}
	ab, err := ace.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	aid := det(4, "id")[:ace.IDSize]
	arelay, err := ace.NewRelay(aid, ab)
	if err != nil {
		t.Fatal(err)
	}

	run(t, func(g int) error {
		for i := 0; i < iterations(); i++ {
			msg := det(g*1000+i, "m")
			want := stded25519.Sign(ssk, msg)
			if s := ed25519.Sign(sk, msg); !bytes.Equal(s, want) {
				return fmt.Errorf("goroutine %d: shared PrivateKey signs differently", g)
			}
			s, err := exp.Sign(nil, msg, &ed25519.Options{})
			if err != nil || !bytes.Equal(s, want) {
				return fmt.Errorf("goroutine %d: shared ExpandedPrivateKey: %v", g, err)
			}
			if !epub.Verify(msg, want) || epub.Verify(msg[1:], want) {
				return fmt.Errorf("goroutine %d: shared ExpandedPublicKey answers wrongly", g)
			}
			k := det(g*1000+i, "k")
			got, err := pre.X25519(k)
			ek, _ := ecdh.X25519().NewPrivateKey(k)
			exp, _ := ek.ECDH(epeer)
			if err != nil || !bytes.Equal(got, exp) {
				return fmt.Errorf("goroutine %d: shared PrecomputedX25519 differs from crypto/ecdh", g)
			}

			st, m, err := ntor.ClientHandshake(nil, nid, nb.PublicKey())
			if err != nil {
				return err
			}
			reply, skeys, err := nrelay.ServerHandshake(nil, m)
			if err != nil {
				return err
			}
			ckeys, err := st.Finish(reply)
			if err != nil {
				return err
			}
			a, _ := skeys.Bytes(92)
			b, _ := ckeys.Bytes(92)
			if !bytes.Equal(a, b) {
				return fmt.Errorf("goroutine %d: ntor keys differ", g)
			}

			ast, am, err := ace.ClientHandshakePrecomputed(nil, aid, ab.PublicKey())
			if err != nil {
				return err
			}
			areply, akeys, err := arelay.ServerHandshake(nil, am)
			if err != nil {
				return err
			}
			ckeys2, err := ast.Finish(areply)
			if err != nil || !bytes.Equal(akeys, ckeys2) {
				return fmt.Errorf("goroutine %d: Ace keys differ (%v)", g, err)
			}
		}
		return nil
	})
}

// TestBatchVerifiers: goroutines each verify their own batches (Verifiers
// share a pool of work buffers), of sizes on both sides of the subgroup
// method's threshold, with one forged entry, and check every verdict.
func TestBatchVerifiers(t *testing.T) {
	const n = 24
	var pubs, msgs, sigs [][]byte
	for i := 0; i < n; i++ {
		sk := stded25519.NewKeyFromSeed(det(i, "batch"))
		m := det(i, "bm")
		pubs = append(pubs, []byte(sk.Public().(stded25519.PublicKey)))
		msgs = append(msgs, m)
		sigs = append(sigs, stded25519.Sign(sk, m))
	}
	run(t, func(g int) error {
		for i := 0; i < iterations(); i++ {
			size := []int{3, 11, 24}[(g+i)%3]
			bad := (g + i) % size
			v := batch.NewVerifier()
			if g%2 == 0 {
				v = batch.NewVerifierWithCapacity(size)
			}
			for j := 0; j < size; j++ {
				sig := sigs[j]
				if j == bad {
					sig = bytes.Clone(sig)
					sig[3] ^= 1
				}
				v.Add(pubs[j], msgs[j], sig)
			}
			ok, valid := v.Verify(nil)
			if ok || len(valid) != size {
				return fmt.Errorf("goroutine %d: batch with a forgery: ok=%v, %d verdicts", g, ok, len(valid))
			}
			for j, b := range valid {
				if b != (j != bad) {
					return fmt.Errorf("goroutine %d: entry %d of %d: valid=%v", g, j, size, b)
				}
			}
		}
		return nil
	})
}
