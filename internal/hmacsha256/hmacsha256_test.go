package hmacsha256

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	mrand "math/rand/v2"
	"os"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

// refMAC is crypto/hmac's HMAC-SHA256 of the concatenated parts.
func refMAC(key []byte, parts ...[]byte) []byte {
	h := hmac.New(sha256.New, key)
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

func randBytes(r *mrand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// split cuts msg into random parts, empty ones included.
func split(r *mrand.Rand, msg []byte) [][]byte {
	var parts [][]byte
	for len(msg) > 0 || r.IntN(4) == 0 {
		n := r.IntN(len(msg) + 1)
		parts = append(parts, msg[:n])
		msg = msg[n:]
		if len(msg) == 0 && r.IntN(2) == 0 {
			break
		}
	}
	return parts
}

// withFallback runs f with the marshalled states (NewKey), then with the
// pad-block fallback that NewKey uses when the hash cannot marshal its
// state; marshal says which f has.
func withFallback(t *testing.T, f func(t *testing.T, newKey func([]byte) Key, marshal bool)) {
	t.Run("states", func(t *testing.T) { f(t, NewKey, true) })
	t.Run("padblocks", func(t *testing.T) {
		f(t, func(key []byte) Key { return newKey(key, false) }, false)
	})
}

func TestMACRandom(t *testing.T) {
	withFallback(t, func(t *testing.T, mk func([]byte) Key, marshal bool) {
		r := mrand.New(mrand.NewPCG(1, 2))
		n := 2000
		if testing.Short() {
			n = 300
		}
		for i := 0; i < n; i++ {
			keyLen := r.IntN(BlockSize + 1)
			if i%10 == 0 {
				keyLen = BlockSize + 1 + r.IntN(100) // hashed first
			}
			key := randBytes(r, keyLen)
			msg := randBytes(r, r.IntN(301))
			parts := split(r, msg)
			want := refMAC(key, msg)

			var got [Size]byte
			MAC(&got, key, parts...)
			if !bytes.Equal(got[:], want) {
				t.Fatalf("MAC(key %x, msg %x) = %x, want %x", key, msg, got, want)
			}
			k := mk(key)
			if (k.n == 0) == marshal {
				t.Fatalf("NewKey: n = %d with marshalled states %v", k.n, marshal)
			}
			var got2 [Size]byte
			k.MAC(&got2, parts...)
			if !bytes.Equal(got2[:], want) {
				t.Fatalf("Key.MAC(key %x, msg %x) = %x, want %x", key, msg, got2, want)
			}
			// A Key is reusable and its copies independent.
			k2 := k
			k.Clear()
			k2.MAC(&got2, msg)
			if !bytes.Equal(got2[:], want) {
				t.Fatalf("reused Key.MAC = %x, want %x", got2, want)
			}
		}
	})
}

func TestZeroKey(t *testing.T) {
	want := refMAC(nil, []byte("abc"))
	var k Key
	var got [Size]byte
	k.MAC(&got, []byte("a"), []byte("bc"))
	if !bytes.Equal(got[:], want) {
		t.Fatalf("zero Key: %x, want %x", got, want)
	}
	k = NewKey([]byte("secret"))
	k.Clear()
	k.MAC(&got, []byte("abc"))
	if !bytes.Equal(got[:], want) {
		t.Fatalf("cleared Key: %x, want %x", got, want)
	}
}

// TestOverlap checks that out may be one of the inputs, as HKDF-Expand's
// T(i-1) is.
func TestOverlap(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	var buf [Size]byte
	copy(buf[:], "a message of exactly 32 bytes...")
	want := refMAC(key, buf[:], []byte("tail"))
	b2 := buf
	MAC(&b2, key, b2[:], []byte("tail"))
	if !bytes.Equal(b2[:], want) {
		t.Fatalf("MAC into a part: %x, want %x", b2, want)
	}
	k := NewKey(key)
	k.MAC(&buf, buf[:], []byte("tail"))
	if !bytes.Equal(buf[:], want) {
		t.Fatalf("Key.MAC into a part: %x, want %x", buf, want)
	}
	// The key itself as out.
	var kb [Size]byte
	copy(kb[:], key)
	MAC(&kb, kb[:], []byte("m"))
	if want := refMAC(key, []byte("m")); !bytes.Equal(kb[:], want) {
		t.Fatalf("MAC into the key: %x, want %x", kb, want)
	}
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// loadVectors reads testdata/name's "vectors" array, which must hold want
// entries.
func loadVectors[T any](t *testing.T, name string, want int) []T {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []T `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) != want {
		t.Fatalf("%s: %d vectors, want %d", name, len(file.Vectors), want)
	}
	return file.Vectors
}

func TestRFC4231(t *testing.T) {
	vectors := loadVectors[struct {
		Case int    `json:"case"`
		Key  string `json:"key"`
		Data string `json:"data"`
		HMAC string `json:"hmac_sha256"`
	}](t, "rfc4231.json", 6)
	withFallback(t, func(t *testing.T, mk func([]byte) Key, _ bool) {
		for _, v := range vectors {
			key, data, want := unhex(t, v.Key), unhex(t, v.Data), unhex(t, v.HMAC)
			var got [Size]byte
			MAC(&got, key, data)
			if !bytes.Equal(got[:], want) {
				t.Errorf("case %d: MAC = %x, want %x", v.Case, got, want)
			}
			k := mk(key)
			k.MAC(&got, data[:len(data)/2], data[len(data)/2:])
			if !bytes.Equal(got[:], want) {
				t.Errorf("case %d: Key.MAC = %x, want %x", v.Case, got, want)
			}
		}
	})
}

func TestRFC5869(t *testing.T) {
	vectors := loadVectors[struct {
		Case   int    `json:"case"`
		IKM    string `json:"ikm"`
		Salt   string `json:"salt"`
		Info   string `json:"info"`
		Length int    `json:"length"`
		PRK    string `json:"prk"`
		OKM    string `json:"okm"`
	}](t, "rfc5869.json", 3)
	for _, tc := range vectors {
		ikm, salt, info := unhex(t, tc.IKM), unhex(t, tc.Salt), unhex(t, tc.Info)
		prk, okm := unhex(t, tc.PRK), unhex(t, tc.OKM)
		if len(okm) != tc.Length {
			t.Fatalf("case %d: OKM is %d bytes, L = %d", tc.Case, len(okm), tc.Length)
		}
		// HKDF-Extract is HMAC(salt, IKM); an empty salt is HashLen zeros,
		// which pad to the same block as the empty key.
		var gotPRK [Size]byte
		MAC(&gotPRK, salt, ikm)
		if !bytes.Equal(gotPRK[:], prk) {
			t.Errorf("case %d: PRK = %x, want %x", tc.Case, gotPRK, prk)
		}
		got := make([]byte, tc.Length)
		if err := Expand(got, prk, info); err != nil || !bytes.Equal(got, okm) {
			t.Errorf("case %d: Expand = %x, %v; want %x", tc.Case, got, err, okm)
		}
		// Byte by byte through an Expander.
		e := NewExpander(prk, info)
		got = got[:0]
		var b [1]byte
		for len(got) < tc.Length {
			if _, err := e.Read(b[:]); err != nil {
				t.Fatal(err)
			}
			got = append(got, b[0])
		}
		if !bytes.Equal(got, okm) {
			t.Errorf("case %d: Expander = %x, want %x", tc.Case, got, okm)
		}
	}
}

// TestAllocs checks the package's promise: no heap allocation in MAC,
// NewKey, Key.MAC or Expand.
func TestAllocs(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector allocates")
	}
	key, msg := make([]byte, 32), make([]byte, 204)
	var out [Size]byte
	okm := make([]byte, 92)
	k := NewKey(key)
	for name, f := range map[string]func(){
		"MAC":     func() { MAC(&out, key, msg[:100], msg[100:]) },
		"NewKey":  func() { k2 := NewKey(key); k2.MAC(&out, msg) },
		"Key.MAC": func() { k.MAC(&out, msg[:100], msg[100:], []byte{1}) },
		"Expand":  func() { Expand(okm, key, msg[:35]) },
	} {
		if a := testing.AllocsPerRun(100, f); a != 0 {
			t.Errorf("%s: %v allocations", name, a)
		}
	}
}

// FuzzMAC compares MAC and Key.MAC with crypto/hmac; cut splits the message
// in two (mod its length + 1).
func FuzzMAC(f *testing.F) {
	f.Add([]byte("key"), []byte("The quick brown fox"), uint16(4))
	f.Add([]byte{}, []byte{}, uint16(0))
	f.Add(bytes.Repeat([]byte{0xaa}, 131), bytes.Repeat([]byte{0xdd}, 200), uint16(77))
	f.Add(bytes.Repeat([]byte{0x0b}, 64), bytes.Repeat([]byte{0xcd}, 64), uint16(64))
	f.Fuzz(func(t *testing.T, key, msg []byte, cut uint16) {
		c := int(cut) % (len(msg) + 1)
		want := refMAC(key, msg)
		var got [Size]byte
		MAC(&got, key, msg[:c], msg[c:])
		if !bytes.Equal(got[:], want) {
			t.Fatalf("MAC = %x, want %x", got, want)
		}
		k := NewKey(key)
		k.MAC(&got, msg[:c], nil, msg[c:])
		if !bytes.Equal(got[:], want) {
			t.Fatalf("Key.MAC = %x, want %x", got, want)
		}
	})
}

// The benchmarks put the package beside crypto/hmac (and x/crypto/hkdf)
// on Tor-shaped inputs: ntor's 204-byte secret_input under a fixed key, a
// one-off 32-byte key over 100 bytes, and 92 bytes of HKDF-Expand.
func BenchmarkMAC(b *testing.B) {
	key := []byte("ntor-curve25519-sha256-1:key_extract")
	msg := make([]byte, 204)
	var out [Size]byte
	b.Run("fixedkey/hmacsha256", func(b *testing.B) {
		k := NewKey(key)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			k.MAC(&out, msg)
		}
	})
	b.Run("fixedkey/hmacsha256-padblocks", func(b *testing.B) {
		k := newKey(key, false)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			k.MAC(&out, msg)
		}
	})
	b.Run("fixedkey/crypto-hmac", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			h := hmac.New(sha256.New, key)
			h.Write(msg)
			h.Sum(out[:0])
		}
	})
	b.Run("oneoff/hmacsha256", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			MAC(&out, msg[:32], msg[32:132])
		}
	})
	b.Run("oneoff/hmacsha256-key", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			k := NewKey(msg[:32])
			k.MAC(&out, msg[32:132])
		}
	})
	b.Run("oneoff/crypto-hmac", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			h := hmac.New(sha256.New, msg[:32])
			h.Write(msg[32:132])
			h.Sum(out[:0])
		}
	})
}
