package randfault_test

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/handshake/ntor"
	"github.com/curvekit/curvekit/handshake/ntorv3"
	. "github.com/curvekit/curvekit/internal/randfault"
	"github.com/curvekit/curvekit/p256"
)

// stream returns n deterministic bytes.
func stream(n int) []byte {
	var out []byte
	for i := byte(0); len(out) < n; i++ {
		h := sha256.Sum256([]byte{i, 'r'})
		out = append(out, h[:]...)
	}
	return out[:n]
}

// A randCase is one function that takes a rand io.Reader. run returns the
// function's output serialized (nil when it returns none) and its error.
// need is how many bytes it reads.
type randCase struct {
	name string
	need int
	run  func(t *testing.T, r io.Reader) ([]byte, error)
	// ignores: the function must not read rand (deterministic signing):
	// every reader gives the output of a nil reader, with no error.
	ignores bool
	// exact: a failing rand must not change the answer (batch verification
	// falls back to exact checks), so every reader gives the same output.
	exact bool
}

// randCases lists every exported function in the module that takes a rand
// io.Reader. Adding a package with one means adding its rows here.
func randCases(t *testing.T) []randCase {
	seed := make([]byte, 32)
	seed[0] = 1
	edPriv := ed25519.NewKeyFromSeed(seed)
	edExp, err := ed25519.ExpandPrivateKey(edPriv)
	if err != nil {
		t.Fatal(err)
	}

	ed448Priv := ed448.NewKeyFromSeed(stream(ed448.SeedSize))
	p256Priv, err := p256.NewPrivateKey(stream(32))
	if err != nil {
		t.Fatal(err)
	}
	d := sha256.Sum256([]byte("digest"))
	p256Digest := d[:]

	nb, err := ntor.NewPrivateKey(stream(32))
	if err != nil {
		t.Fatal(err)
	}
	id20 := stream(52)[32:]
	id32 := stream(96)[64:]
	relay, err := ntor.NewRelay(id20, nb)
	if err != nil {
		t.Fatal(err)
	}
	pre, err := ntor.PrecomputeRelayKey(nb.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	eph, _ := ntor.NewPrivateKey(stream(64)[32:])
	_, ntorMsg, err := ntor.ClientHandshakeWithKey(eph, id20, nb.PublicKey())
	if err != nil {
		t.Fatal(err)
	}

	v3relay, err := ntorv3.NewRelay(id32, nb)
	if err != nil {
		t.Fatal(err)
	}
	verif := []byte("verification")
	_, v3msg, err := ntorv3.ClientHandshakeWithKey(eph, id32, nb.PublicKey(), verif, []byte("hello"))
	if err != nil {
		t.Fatal(err)
	}

	aceB, err := ace.GenerateKey(bytes.NewReader(stream(64)))
	if err != nil {
		t.Fatal(err)
	}
	aceRelay, err := ace.NewRelay(id32, aceB)
	if err != nil {
		t.Fatal(err)
	}
	_, aceMsg, err := ace.ClientHandshake(bytes.NewReader(stream(128)), id32, aceB.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}

	// Batch: two valid entries and one with a flipped signature bit.
	var bpub [][]byte
	var bmsg, bsig [][]byte
	for i := 0; i < 12; i++ {
		s := stream(32 * (i + 2))[32*(i+1):]
		priv := ed25519.NewKeyFromSeed(s)
		m := []byte(fmt.Sprintf("msg %d", i))
		sig := ed25519.Sign(priv, m)
		if i == 5 {
			sig[40] ^= 1
		}
		bpub, bmsg, bsig = append(bpub, []byte(priv.Public().(ed25519.PublicKey))), append(bmsg, m), append(bsig, sig)
	}
	verify := func(n int) func(t *testing.T, r io.Reader) ([]byte, error) {
		return func(t *testing.T, r io.Reader) ([]byte, error) {
			v := batch.NewVerifier()
			for i := 0; i < n; i++ {
				v.Add(bpub[i], bmsg[i], bsig[i])
			}
			ok, valid := v.Verify(r)
			out := []byte{0}
			if ok {
				out[0] = 1
			}
			for _, b := range valid {
				if b {
					out = append(out, 1)
				} else {
					out = append(out, 0)
				}
			}
			return out, nil
		}
	}

	return []randCase{
		{name: "ed25519.GenerateKey", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			pub, priv, err := ed25519.GenerateKey(r)
			if err != nil && (pub != nil || priv != nil) {
				t.Error("key returned with an error")
			}
			return priv, err
		}},
		{name: "ed25519.PrivateKey.Sign", ignores: true, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			return edPriv.Sign(r, []byte("m"), crypto.Hash(0))
		}},
		{name: "ed25519.PrivateKey.Sign(ctx)", ignores: true, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			return edPriv.Sign(r, []byte("m"), &ed25519.Options{Context: "c"})
		}},
		{name: "ed25519.ExpandedPrivateKey.Sign", ignores: true, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			return edExp.Sign(r, []byte("m"), crypto.Hash(0))
		}},
		{name: "ntor.GenerateKey", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			k, err := ntor.GenerateKey(r)
			if err != nil {
				if k != nil {
					t.Error("key returned with an error")
				}
				return nil, err
			}
			return k.Bytes(), nil
		}},
		{name: "ntor.ClientHandshake", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			st, msg, err := ntor.ClientHandshake(r, id20, nb.PublicKey())
			if err != nil && (st != nil || msg != nil) {
				t.Error("state or message returned with an error")
			}
			return msg, err
		}},
		{name: "ntor.ClientHandshakePrecomputed", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			st, msg, err := ntor.ClientHandshakePrecomputed(r, id20, pre)
			if err != nil && (st != nil || msg != nil) {
				t.Error("state or message returned with an error")
			}
			return msg, err
		}},
		{name: "ntor.Relay.ServerHandshake", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			reply, keys, err := relay.ServerHandshake(r, ntorMsg)
			if err != nil {
				if reply != nil || keys != nil {
					t.Error("reply or keys returned with an error")
				}
				return nil, err
			}
			k, err := keys.Bytes(92)
			return append(reply, k...), err
		}},
		{name: "ntorv3.GenerateKey", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			k, err := ntorv3.GenerateKey(r)
			if err != nil {
				return nil, err
			}
			return k.Bytes(), nil
		}},
		{name: "ntorv3.ClientHandshake", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			st, msg, err := ntorv3.ClientHandshake(r, id32, nb.PublicKey(), verif, []byte("hello"))
			if err != nil && (st != nil || msg != nil) {
				t.Error("state or message returned with an error")
			}
			return msg, err
		}},
		{name: "ntorv3.ClientHandshakePrecomputed", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			st, msg, err := ntorv3.ClientHandshakePrecomputed(r, id32, pre, verif, []byte("hello"))
			if err != nil && (st != nil || msg != nil) {
				t.Error("state or message returned with an error")
			}
			return msg, err
		}},
		{name: "ntorv3.Relay.ServerHandshake", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			ss, cm, err := v3relay.ServerHandshake(r, v3msg, verif)
			if err != nil {
				if ss != nil || cm != nil {
					t.Error("state or message returned with an error")
				}
				return nil, err
			}
			reply, ks, err := ss.Reply([]byte("sm"))
			if err != nil {
				t.Fatal(err)
			}
			k, err := ks.Bytes(64)
			return append(reply, k...), err
		}},
		{name: "ace.GenerateKey", need: 64, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			k, err := ace.GenerateKey(r)
			if err != nil {
				if k != nil {
					t.Error("key returned with an error")
				}
				return nil, err
			}
			return k.Bytes(), nil
		}},
		{name: "ace.ClientHandshake", need: 128, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			st, msg, err := ace.ClientHandshake(r, id32, aceB.PublicKey().Bytes())
			if err != nil && (st != nil || msg != nil) {
				t.Error("state or message returned with an error")
			}
			return msg, err
		}},
		{name: "ace.ClientHandshakePrecomputed", need: 128, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			st, msg, err := ace.ClientHandshakePrecomputed(r, id32, aceB.PublicKey())
			if err != nil && (st != nil || msg != nil) {
				t.Error("state or message returned with an error")
			}
			return msg, err
		}},
		{name: "ace.Relay.ServerHandshake", need: 64, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			reply, keys, err := aceRelay.ServerHandshake(r, aceMsg)
			if err != nil && (reply != nil || keys != nil) {
				t.Error("reply or keys returned with an error")
			}
			return append(reply, keys...), err
		}},
		{name: "curve448.GenerateKey", need: 56, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			k, err := curve448.GenerateKey(r)
			if err != nil {
				if k != nil {
					t.Error("key returned with an error")
				}
				return nil, err
			}
			return k.Bytes(), nil
		}},
		{name: "ed448.GenerateKey", need: ed448.SeedSize, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			pub, priv, err := ed448.GenerateKey(r)
			if err != nil && (pub != nil || priv != nil) {
				t.Error("key returned with an error")
			}
			return priv, err
		}},
		{name: "ed448.PrivateKey.Sign", ignores: true, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			return ed448Priv.Sign(r, []byte("m"), crypto.Hash(0))
		}},
		{name: "ed448.PrivateKey.Sign(ph, ctx)", ignores: true, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			return ed448Priv.Sign(r, []byte("m"), &ed448.SignerOptions{Scheme: ed448.ED448Ph, Context: "c"})
		}},
		{name: "p256.GenerateKey", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			k, err := p256.GenerateKey(r)
			if err != nil {
				if k != nil {
					t.Error("key returned with an error")
				}
				return nil, err
			}
			return k.Bytes(), nil
		}},
		{name: "p256.SignASN1", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			return p256.SignASN1(r, p256Priv, p256Digest)
		}},
		{name: "p256.SignP1363", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			return p256.SignP1363(r, p256Priv, p256Digest)
		}},
		{name: "p256.PrivateKey.Sign (non-nil rand: hedged)", need: 32, run: func(t *testing.T, r io.Reader) ([]byte, error) {
			if r == nil {
				t.Fatal("nil rand is the deterministic path, not this row's")
			}
			return p256Priv.Sign(r, p256Digest, crypto.SHA256)
		}},
		{name: "batch.Verifier.Verify (3 entries)", exact: true, run: verify(3)},
		{name: "batch.Verifier.Verify (12 entries)", exact: true, run: verify(12)},
	}
}

// TestRandFaults: a failing rand and a rand that fails after part of what a
// function needs make it return an error wrapping the failure (never
// output made from a partial read); one-byte reads give exactly the output
// of a full read; functions that must not read rand (Ed25519 signing) give
// their deterministic output whatever the reader; batch verification gives
// the right answer whatever the reader.
func TestRandFaults(t *testing.T) {
	for _, c := range randCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if c.ignores || c.exact {
				want, err := c.run(t, nil)
				if err != nil {
					t.Fatal(err)
				}
				for name, r := range map[string]io.Reader{
					"fail": Fail(), "after 7": After(stream(64), 7, false), "eof after 3": After(stream(64), 3, true),
					"dribble": Dribble(stream(4096)),
				} {
					got, err := c.run(t, r)
					if err != nil || !bytes.Equal(got, want) {
						t.Errorf("%s reader: %x, %v; want %x", name, got, err, want)
					}
				}
				return
			}
			s := stream(c.need)
			want, err := c.run(t, bytes.NewReader(s))
			if err != nil || want == nil {
				t.Fatalf("exactly %d bytes: %v", c.need, err)
			}
			if got, err := c.run(t, Fail()); !errors.Is(err, ErrFault) || got != nil {
				t.Errorf("failing reader: %x, %v", got, err)
			}
			for _, n := range []int{1, c.need / 2, c.need - 1} {
				if got, err := c.run(t, After(s, n, false)); !errors.Is(err, ErrFault) || got != nil {
					t.Errorf("fails after %d bytes: %x, %v", n, got, err)
				}
				if got, err := c.run(t, After(s, n, true)); err == nil || got != nil {
					t.Errorf("EOF after %d bytes: %x, %v", n, got, err)
				}
			}
			if got, err := c.run(t, Dribble(s)); err != nil || !bytes.Equal(got, want) {
				t.Errorf("one byte per Read: %x, %v; want %x", got, err, want)
			}
		})
	}
}

func TestReaders(t *testing.T) {
	s := stream(10)
	b, err := io.ReadAll(Dribble(s))
	if err != nil || !bytes.Equal(b, s) {
		t.Fatal("Dribble")
	}
	buf := make([]byte, 10)
	n, err := io.ReadFull(After(s, 4, false), buf)
	if n != 4 || !errors.Is(err, ErrFault) || !bytes.Equal(buf[:4], s[:4]) {
		t.Fatalf("After: %d, %v", n, err)
	}
	if n, err := io.ReadFull(After(s, 4, true), buf); n != 4 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("After EOF: %d, %v", n, err)
	}
	if _, err := Fail().Read(buf); !errors.Is(err, ErrFault) {
		t.Fatal("Fail")
	}
}
