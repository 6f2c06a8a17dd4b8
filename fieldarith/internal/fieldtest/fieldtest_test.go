package fieldtest

import (
	"encoding/binary"
	"errors"
	"math/big"
	"math/bits"
	"testing"
)

// m61 is a minimal field, GF(2^61−1) with a non-reduced internal state,
// used to check that the harness itself runs and accepts a correct field.
type m61 struct{ v uint64 } // v < 2^62, ≡ value mod p

const p61 = 1<<61 - 1

func (e *m61) reduce() uint64 {
	x := (e.v & p61) + e.v>>61
	x -= p61 & -((x + 1) >> 61) // x ≥ p ⇒ subtract p (x ≤ p+1 here)
	return x
}
func (e *m61) Zero() *m61         { e.v = 0; return e }
func (e *m61) One() *m61          { e.v = 1; return e }
func (e *m61) Set(a *m61) *m61    { e.v = a.v; return e }
func (e *m61) Add(a, b *m61) *m61 { s := a.reduce() + b.reduce(); e.v = s; return e }
func (e *m61) Subtract(a, b *m61) *m61 {
	e.v = a.reduce() + p61 - b.reduce()
	return e
}
func (e *m61) Negate(a *m61) *m61 { e.v = p61 - a.reduce(); return e }
func (e *m61) Multiply(a, b *m61) *m61 {
	hi, lo := bits.Mul64(a.reduce(), b.reduce())
	x := (lo & p61) + (lo>>61 | hi<<3)
	e.v = x
	e.v = e.reduce()
	return e
}
func (e *m61) Square(a *m61) *m61 { return e.Multiply(a, a) }
func (e *m61) Invert(a *m61) *m61 {
	var r, b m61
	r.One()
	b.Set(a)
	for x := uint64(p61 - 2); x > 0; x >>= 1 { // public exponent
		if x&1 == 1 {
			r.Multiply(&r, &b)
		}
		b.Square(&b)
	}
	return e.Set(&r)
}
func (e *m61) Select(a, b *m61, cond int) *m61 {
	m := -uint64(cond)
	e.v = b.v ^ (m & (a.v ^ b.v))
	return e
}
func (e *m61) Swap(u *m61, cond int) {
	m := -uint64(cond)
	t := m & (e.v ^ u.v)
	e.v ^= t
	u.v ^= t
}
func (e *m61) Equal(u *m61) int {
	d := e.reduce() ^ u.reduce()
	return int(((d | -d) >> 63) ^ 1)
}
func (e *m61) IsZero() int { var z m61; return e.Equal(&z) }
func (e *m61) SetCanonicalBytes(x []byte) (*m61, error) {
	if len(x) != 8 {
		return nil, errors.New("m61: wrong length")
	}
	v := binary.LittleEndian.Uint64(x)
	if v >= p61 {
		return nil, errors.New("m61: not canonical")
	}
	e.v = v
	return e, nil
}
func (e *m61) Bytes() []byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], e.reduce())
	return b[:]
}

var cfg61 = Config{Modulus: big.NewInt(p61), Size: 8}

func TestHarnessOnM61(t *testing.T) { Run[m61](t, cfg61) }

func FuzzM61(f *testing.F) { Fuzz[m61](f, cfg61) }

func TestEncodeDecode(t *testing.T) {
	be := Config{Modulus: big.NewInt(p61), Size: 8, BigEndian: true}
	x := big.NewInt(0x0102030405)
	if b := be.Encode(x); b[7] != 0x05 || be.Decode(b).Cmp(x) != 0 {
		t.Errorf("big-endian encode/decode: %x", b)
	}
	if b := cfg61.Encode(x); b[0] != 0x05 || cfg61.Decode(b).Cmp(x) != 0 {
		t.Errorf("little-endian encode/decode: %x", b)
	}
}
