package curve

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/plan"
)

// The Edwards plans checked as formulas: every function of each package's
// binding (edwards25519Shape, edwards448Shape) runs over math/big
// (plan.Eval, modulo the curve's p) on random points in random projective
// scalings, and on the identity, the points of order 2 and 4, P = Q and
// P = −Q, and its result must be the point the affine group law gives,
//
//	(x1, y1) + (x2, y2) = ((x1·y2 + y1·x2)/(1 + d·x1·x2·y1·y2),
//	                      (y1·y2 − a·x1·x2)/(1 − d·x1·x2·y1·y2)),
//
// in the form the function writes. The fe64 routines, which share the
// a = −1 plans, are checked the same way by ladder64_plan_test.go.

// edCurveT is a twisted Edwards curve a·x² + y² = 1 + d·x²·y² over GF(p).
type edCurveT struct {
	name  string
	p     *big.Int
	a, d  *big.Int
	shape *edwardsShape
}

func (c *edCurveT) mod(x *big.Int) *big.Int { return x.Mod(x, c.p) }

func (c *edCurveT) mul(xs ...*big.Int) *big.Int {
	v := big.NewInt(1)
	for _, x := range xs {
		v.Mul(v, x)
		c.mod(v)
	}
	return v
}

func (c *edCurveT) add(x, y *big.Int) *big.Int { return c.mod(new(big.Int).Add(x, y)) }
func (c *edCurveT) sub(x, y *big.Int) *big.Int { return c.mod(new(big.Int).Sub(x, y)) }
func (c *edCurveT) inv(x *big.Int) *big.Int    { return new(big.Int).ModInverse(x, c.p) }

func (c *edCurveT) rand(rng *rand.Rand) *big.Int {
	v := new(big.Int)
	for range (c.p.BitLen() + 63) / 64 {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(rng.Uint64()))
	}
	return c.mod(v)
}

// randNonzero is a random scaling factor.
func (c *edCurveT) randNonzero(rng *rand.Rand) *big.Int {
	for {
		if v := c.rand(rng); v.Sign() != 0 {
			return v
		}
	}
}

type edPt struct{ x, y *big.Int }

// xFor returns an x with (x, y) on the curve, or nil: x² = (1 − y²)/(a − d·y²).
func (c *edCurveT) xFor(y *big.Int) *big.Int {
	yy := c.mul(y, y)
	den := c.sub(c.a, c.mul(c.d, yy))
	if den.Sign() == 0 {
		return nil
	}
	return new(big.Int).ModSqrt(c.mul(c.sub(big.NewInt(1), yy), c.inv(den)), c.p)
}

func (c *edCurveT) random(rng *rand.Rand) edPt {
	for {
		y := c.rand(rng)
		if x := c.xFor(y); x != nil {
			if rng.IntN(2) == 1 {
				x = c.mod(new(big.Int).Neg(x))
			}
			return edPt{x, y}
		}
	}
}

func (c *edCurveT) onCurve(P edPt) bool {
	xx, yy := c.mul(P.x, P.x), c.mul(P.y, P.y)
	lhs := c.add(c.mul(c.a, xx), yy)
	rhs := c.add(big.NewInt(1), c.mul(c.d, xx, yy))
	return lhs.Cmp(rhs) == 0
}

// sum is the affine group law.
func (c *edCurveT) sum(P, Q edPt) edPt {
	k := c.mul(c.d, P.x, Q.x, P.y, Q.y)
	one := big.NewInt(1)
	x := c.mul(c.add(c.mul(P.x, Q.y), c.mul(P.y, Q.x)), c.inv(c.add(one, k)))
	y := c.mul(c.sub(c.mul(P.y, Q.y), c.mul(c.a, P.x, Q.x)), c.inv(c.sub(one, k)))
	return edPt{x, y}
}

func (c *edCurveT) neg(P edPt) edPt { return edPt{c.mod(new(big.Int).Neg(P.x)), P.y} }

// special are the identity and points of order 2 and 4: (0, 1), (0, −1),
// and (±√(1/a), 0).
func (c *edCurveT) special() []edPt {
	pts := []edPt{{big.NewInt(0), big.NewInt(1)}, {big.NewInt(0), c.sub(big.NewInt(0), big.NewInt(1))}}
	if x := c.xFor(big.NewInt(0)); x != nil {
		pts = append(pts, edPt{x, big.NewInt(0)}, c.neg(edPt{x, big.NewInt(0)}))
	}
	return pts
}

// encode returns P in the form kind, projective forms scaled at random
// (rng nil: Z = 1).
func (c *edCurveT) encode(kind edKind, P edPt, rng *rand.Rand) []*big.Int {
	s := big.NewInt(1)
	if rng != nil {
		s = c.randNonzero(rng)
	}
	X, Y, Z, T := c.mul(P.x, s), c.mul(P.y, s), s, c.mul(P.x, P.y, s)
	two := big.NewInt(2)
	switch kind {
	case edExtended:
		return []*big.Int{X, Y, Z, T}
	case edCompleted:
		u := s
		if rng != nil {
			u = c.randNonzero(rng)
		}
		return []*big.Int{X, c.mul(P.y, u), s, u}
	case edProjective:
		return []*big.Int{X, Y, Z}
	case edCachedNeg1:
		return []*big.Int{c.add(Y, X), c.sub(Y, X), Z, c.mul(two, c.d, T)}
	case edAffineNeg1:
		return []*big.Int{c.add(P.y, P.x), c.sub(P.y, P.x), c.mul(two, c.d, P.x, P.y)}
	case edCachedPos1:
		return []*big.Int{c.add(X, Y), X, Y, Z, c.mul(c.d, T)}
	case edAffinePos1:
		return []*big.Int{P.x, P.y, c.mul(c.d, P.x, P.y)}
	case edXY:
		return []*big.Int{P.x, P.y}
	}
	panic("unknown kind")
}

// is reports whether v, in the form kind, is the point R.
func (c *edCurveT) is(kind edKind, v []*big.Int, R edPt) bool {
	// ratio: n/m = want, m ≠ 0.
	ratio := func(n, m, want *big.Int) bool {
		return m.Sign() != 0 && c.mul(want, m).Cmp(c.mod(new(big.Int).Set(n))) == 0
	}
	two := big.NewInt(2)
	switch kind {
	case edExtended:
		X, Y, Z, T := v[0], v[1], v[2], v[3]
		return ratio(X, Z, R.x) && ratio(Y, Z, R.y) && c.mul(T, Z).Cmp(c.mul(X, Y)) == 0
	case edCompleted:
		return ratio(v[0], v[2], R.x) && ratio(v[1], v[3], R.y)
	case edProjective:
		return ratio(v[0], v[2], R.x) && ratio(v[1], v[2], R.y)
	case edCachedNeg1, edAffineNeg1:
		Z, t2d := big.NewInt(1), v[2]
		if kind == edCachedNeg1 {
			Z, t2d = v[2], v[3]
		}
		return ratio(c.sub(v[0], v[1]), c.mul(two, Z), R.x) && ratio(c.add(v[0], v[1]), c.mul(two, Z), R.y) &&
			ratio(t2d, Z, c.mul(two, c.d, R.x, R.y))
	case edCachedPos1:
		S, X, Y, Z, dT := v[0], v[1], v[2], v[3], v[4]
		return ratio(X, Z, R.x) && ratio(Y, Z, R.y) && S.Cmp(c.add(X, Y)) == 0 && ratio(dT, Z, c.mul(c.d, R.x, R.y))
	case edAffinePos1:
		return v[0].Cmp(R.x) == 0 && v[1].Cmp(R.y) == 0 && v[2].Cmp(c.mul(c.d, R.x, R.y)) == 0
	}
	panic("unknown kind")
}

func edCurvesT() []*edCurveT {
	one := big.NewInt(1)
	p25519 := new(big.Int).Sub(new(big.Int).Lsh(one, 255), big.NewInt(19))
	p448 := new(big.Int).Lsh(one, 448)
	p448.Sub(p448, new(big.Int).Lsh(one, 224)).Sub(p448, one)
	c25519 := &edCurveT{name: "edwards25519", p: p25519, shape: edwards25519Shape}
	c25519.a = c25519.mod(big.NewInt(-1))
	c25519.d = c25519.mul(c25519.mod(big.NewInt(-121665)), c25519.inv(big.NewInt(121666)))
	c448 := &edCurveT{name: "edwards448", p: p448, shape: edwards448Shape}
	c448.a = big.NewInt(1)
	c448.d = c448.mod(big.NewInt(-39081))
	return []*edCurveT{c25519, c448}
}

func TestEdwardsPlansAreTheGroupLaw(t *testing.T) {
	for _, c := range edCurvesT() {
		t.Run(c.name, func(t *testing.T) {
			if c.mod(big.NewInt(int64(c.shape.A))).Cmp(c.a) != 0 {
				t.Fatal("the binding's a is not the curve's")
			}
			rng := rand.New(rand.NewPCG(5, uint64(c.p.BitLen())))
			f := plan.Field{P: c.p}
			var pairs [][2]edPt
			for range 25 {
				pairs = append(pairs, [2]edPt{c.random(rng), c.random(rng)})
			}
			P := c.random(rng)
			pairs = append(pairs, [2]edPt{P, P}, [2]edPt{P, c.neg(P)})
			for _, S := range c.special() {
				pairs = append(pairs, [2]edPt{P, S}, [2]edPt{S, P}, [2]edPt{S, S})
			}
			for _, pq := range pairs {
				for _, pt := range pq {
					if !c.onCurve(pt) {
						t.Fatal("a test point is not on the curve")
					}
				}
				for _, fn := range c.shape.Funcs {
					env := map[string]*big.Int{
						"one": big.NewInt(1), "d": c.d, "d2": c.mul(big.NewInt(2), c.d),
					}
					for i, arg := range fn.In {
						r := rng
						if fn.InZ1 {
							r = nil
						}
						vals := c.encode(arg.Form.Kind, pq[i], r)
						for j, n := range strings.Fields(arg.Names) {
							env[n] = vals[j]
						}
					}
					plan.Eval(plan.Parse(fn.Plan), env, f)
					var want edPt
					switch fn.Law {
					case "convert":
						want = pq[0]
					case "add":
						want = c.sum(pq[0], pq[1])
					case "sub":
						want = c.sum(pq[0], c.neg(pq[1]))
					case "double":
						want = c.sum(pq[0], pq[0])
					default:
						t.Fatalf("%s: unknown law %q", fn.Name, fn.Law)
					}
					var got []*big.Int
					for _, n := range strings.Fields(fn.Out.Names) {
						got = append(got, env[n])
					}
					if !c.is(fn.Out.Form.Kind, got, want) {
						t.Fatalf("%s (%s) does not give the group law's point", fn.Name, fn.Out.Form.Type)
					}
				}
			}
		})
	}
}

// TestEdwardsPlanVariants runs the a = −1 addition in every operand form
// and sign, with the names the fe64 routines and the Go code give it.
func TestEdwardsPlanVariants(t *testing.T) {
	c := edCurvesT()[0]
	rng := rand.New(rand.NewPCG(7, 8))
	f := plan.Field{P: c.p}
	half := c.inv(big.NewInt(2))
	for range 20 {
		P, Q := c.random(rng), c.random(rng)
		for _, e := range []edEntry{edCached, edCached2Z, edAffine, edAffineHalved} {
			for _, neg := range []bool{false, true} {
				env := map[string]*big.Int{}
				X := c.encode(edExtended, P, rng)
				env["X"], env["Y"], env["Z"], env["T"] = X[0], X[1], X[2], X[3]
				switch e {
				case edCached, edCached2Z:
					q := c.encode(edCachedNeg1, Q, rng)
					env["ypx"], env["ymx"], env["t2d"] = q[0], q[1], q[3]
					env["Z2"], env["z2"] = q[2], c.mul(big.NewInt(2), q[2])
				case edAffine:
					q := c.encode(edAffineNeg1, Q, rng)
					env["ypx"], env["ymx"], env["t2d"] = q[0], q[1], q[2]
				case edAffineHalved:
					q := c.encode(edAffineNeg1, Q, rng)
					env["ypx"], env["ymx"], env["t2d"] = c.mul(q[0], half), c.mul(q[1], half), c.mul(q[2], half)
				}
				plan.Eval(plan.Parse(edAddM1(e, neg, edOutR)), env, f)
				want := c.sum(P, Q)
				if neg {
					want = c.sum(P, c.neg(Q))
				}
				if !c.is(edCompleted, []*big.Int{env["rX"], env["rY"], env["rZ"], env["rT"]}, want) {
					t.Fatalf("edAddM1(%d, %v) does not give the group law's point", e, neg)
				}
			}
		}
		for _, fused := range []bool{false, true} {
			env := map[string]*big.Int{}
			X := c.encode(edProjective, P, rng)
			env["X"], env["Y"], env["Z"] = X[0], X[1], X[2]
			plan.Eval(plan.Parse(edDoubleM1("zz", "x2", fused)), env, f)
			if !c.is(edCompleted, []*big.Int{env["rX"], env["rY"], env["rZ"], env["rT"]}, c.sum(P, P)) {
				t.Fatalf("edDoubleM1(fused %v) is not 2P", fused)
			}
		}
	}
}
