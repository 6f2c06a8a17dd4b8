package curve

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/plan"
)

// The fe64 plans checked as formulas: each runs over math/big (plan.Eval,
// modulo p = 2^255 − 19) on random points in random projective scalings,
// against the affine group laws of Curve25519 (the ladder) and edwards25519
// (the Edwards routines and the comb's mixed addition), and the inversion
// chain against z^(p−2). Whatever the emitters do with registers, these
// are the values they must compute.

var p25519 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// toPlan reads the fe64 operations back into the plan format.
func toPlan(ops []feOp) []plan.Step {
	out := make([]plan.Step, len(ops))
	for i, o := range ops {
		out[i] = plan.Step{Op: o.kind, Dst: o.dst, A: o.a, B: o.b, N: o.n, Dst2: o.dst2, A2: o.a2, B2: o.b2}
	}
	return out
}

func fmod(x *big.Int) *big.Int { return x.Mod(x, p25519) }

func finv(x *big.Int) *big.Int { return new(big.Int).ModInverse(x, p25519) }

func fmul(xs ...*big.Int) *big.Int {
	v := big.NewInt(1)
	for _, x := range xs {
		v.Mul(v, x)
	}
	return fmod(v)
}

func frand(rng *rand.Rand) *big.Int {
	v := new(big.Int)
	for range 4 {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(rng.Uint64()))
	}
	return fmod(v)
}

// ratio reports whether a/b = want mod p.
func ratio(a, b, want *big.Int) bool { return fmul(a, finv(b)).Cmp(fmod(new(big.Int).Set(want))) == 0 }

// montPoint is an affine point of v² = u³ + 486662u² + u.
type montPoint struct{ u, v *big.Int }

var montA = big.NewInt(486662)

func montRandom(rng *rand.Rand) montPoint {
	for {
		u := frand(rng)
		rhs := fmod(new(big.Int).Add(new(big.Int).Add(fmul(u, u, u), fmul(montA, u, u)), u))
		if v := new(big.Int).ModSqrt(rhs, p25519); v != nil && v.Sign() != 0 {
			return montPoint{u, v}
		}
	}
}

// montAdd is the chord-and-tangent law (distinct points, or doubling).
func montAdd(a, b montPoint) montPoint {
	var l *big.Int
	if a.u.Cmp(b.u) == 0 {
		num := new(big.Int).Add(new(big.Int).Add(fmul(big.NewInt(3), a.u, a.u), fmul(big.NewInt(2), montA, a.u)), big.NewInt(1))
		l = fmul(num, finv(fmul(big.NewInt(2), a.v)))
	} else {
		l = fmul(new(big.Int).Sub(b.v, a.v), finv(fmod(new(big.Int).Sub(b.u, a.u))))
	}
	u := fmod(new(big.Int).Sub(new(big.Int).Sub(new(big.Int).Sub(fmul(l, l), montA), a.u), b.u))
	v := fmod(new(big.Int).Sub(fmul(l, new(big.Int).Sub(a.u, u)), a.v))
	return montPoint{u, v}
}

func TestLadder64PlansAreTheLadder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	f := plan.Field{P: p25519, A24: big.NewInt(int64(l64Shape.A24))}
	for range 20 {
		P := montRandom(rng)
		nP := montAdd(P, P)
		n1P := montAdd(nP, P) // (n + 1)P for n = 2
		l, m := frand(rng), frand(rng)
		for _, swap := range []bool{false, true} {
			env := map[string]*big.Int{
				"x1": P.u,
				"x2": fmul(nP.u, l), "z2": l,
				"x3": fmul(n1P.u, m), "z3": m,
			}
			f.Swap = swap
			plan.Eval(toPlan(l64Step()), env, f)
			dbl := montAdd(nP, nP) // 2n·P
			if swap {
				dbl = montAdd(n1P, n1P) // the swapped pair doubles (n + 1)P
			}
			if !ratio(env["x2"], env["z2"], dbl.u) {
				t.Fatalf("swap %v: the step's doubling is not x(2Q)", swap)
			}
			if !ratio(env["x3"], env["z3"], montAdd(nP, n1P).u) {
				t.Fatalf("swap %v: the step's differential addition is not x((2n+1)P)", swap)
			}
		}
		env := map[string]*big.Int{"x1": P.u}
		plan.Eval(toPlan(l64Start()), env, f)
		if !ratio(env["x2"], env["z2"], P.u) || !ratio(env["x3"], env["z3"], nP.u) {
			t.Fatal("the ladder's start is not (P, 2P)")
		}
		env = map[string]*big.Int{"x2": fmul(nP.u, l), "z2": l}
		plan.Eval(toPlan(l64Double("x2", "z2", "x2", "z2")), env, f)
		if !ratio(env["x2"], env["z2"], montAdd(nP, nP).u) {
			t.Fatal("the final doubling is not x(2Q)")
		}
		z := frand(rng)
		env = map[string]*big.Int{"z": z}
		plan.Eval(toPlan(l64Invert()), env, f)
		if fmul(env["out"], z).Cmp(big.NewInt(1)) != 0 {
			t.Fatal("the inversion chain is not z^(p−2)")
		}
	}
}

// edPoint is an affine point of −x² + y² = 1 + d·x²·y² (edwards25519).
type edPoint struct{ x, y *big.Int }

var edD = fmul(big.NewInt(-121665), finv(big.NewInt(121666)))

func edRandom(rng *rand.Rand) edPoint {
	for {
		y := frand(rng)
		yy := fmul(y, y)
		num := fmod(new(big.Int).Sub(yy, big.NewInt(1)))
		den := fmod(new(big.Int).Add(fmul(edD, yy), big.NewInt(1)))
		if x := new(big.Int).ModSqrt(fmul(num, finv(den)), p25519); x != nil {
			if rng.IntN(2) == 1 {
				x = fmod(x.Neg(x))
			}
			return edPoint{x, y}
		}
	}
}

func edAdd(a, b edPoint) edPoint {
	k := fmul(edD, a.x, b.x, a.y, b.y)
	one := big.NewInt(1)
	x := fmul(new(big.Int).Add(fmul(a.x, b.y), fmul(a.y, b.x)), finv(fmod(new(big.Int).Add(one, k))))
	y := fmul(new(big.Int).Add(fmul(a.y, b.y), fmul(a.x, b.x)), finv(fmod(new(big.Int).Sub(one, k))))
	return edPoint{x, y}
}

func edNeg(a edPoint) edPoint { return edPoint{fmod(new(big.Int).Neg(a.x)), a.y} }

// completed sets r's four elements to P in the completed form
// ((rX : rZ), (rY : rT)) with random scalings.
func completed(env map[string]*big.Int, P edPoint, rng *rand.Rand) {
	a, b := frand(rng), frand(rng)
	env["rX"], env["rZ"], env["rY"], env["rT"] = fmul(P.x, a), a, fmul(P.y, b), b
}

func isCompleted(env map[string]*big.Int, want edPoint) bool {
	return ratio(env["rX"], env["rZ"], want.x) && ratio(env["rY"], env["rT"], want.y)
}

func TestLadder64EdwardsPlansAreTheGroupLaw(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	f := plan.Field{P: p25519}
	half := finv(big.NewInt(2))
	for range 20 {
		P, Q := edRandom(rng), edRandom(rng)
		for _, rt := range l64EdRoutines() {
			env := map[string]*big.Int{}
			completed(env, P, rng)
			var want edPoint
			switch rt.Entry {
			case "cached":
				s := frand(rng)
				X, Y, Z := fmul(Q.x, s), fmul(Q.y, s), s
				env["ypx"] = fmod(new(big.Int).Add(Y, X))
				env["ymx"] = fmod(new(big.Int).Sub(Y, X))
				env["z2"] = fmul(big.NewInt(2), Z)
				env["t2d"] = fmul(big.NewInt(2), edD, Q.x, Q.y, s)
			case "affine":
				env["ypx"] = fmul(new(big.Int).Add(Q.y, Q.x), half)
				env["ymx"] = fmul(new(big.Int).Sub(Q.y, Q.x), half)
				env["t2d"] = fmul(edD, Q.x, Q.y)
			}
			switch rt.Name {
			case "Double":
				want = edAdd(P, P)
			case "AddCached", "AddAffine":
				want = edAdd(P, Q)
			case "SubCached", "SubAffine":
				want = edAdd(P, edNeg(Q))
			case "ToCached":
				env["t2d"] = fmul(big.NewInt(2), edD)
			}
			plan.Eval(toPlan(rt.Ops), env, f)
			if rt.Name == "ToCached" {
				x := fmul(new(big.Int).Sub(env["ypx"], env["ymx"]), finv(env["z2"]))
				y := fmul(new(big.Int).Add(env["ypx"], env["ymx"]), finv(env["z2"]))
				t2d := fmul(env["t2d"], finv(env["z2"]))
				if x.Cmp(P.x) != 0 || y.Cmp(P.y) != 0 || t2d.Cmp(fmul(edD, P.x, P.y)) != 0 {
					t.Fatal("ToCached is not (Y+X, Y−X, 2Z, 2d·T) of r")
				}
				continue
			}
			if !isCompleted(env, want) {
				t.Fatalf("%s does not give the group law's point", rt.Name)
			}
		}
		// The comb's mixed addition on an extended point (X : Y : Z : T).
		s := frand(rng)
		env := map[string]*big.Int{
			"X": fmul(P.x, s), "Y": fmul(P.y, s), "Z": s, "T": fmul(P.x, P.y, s),
			"ypx": fmul(new(big.Int).Add(Q.y, Q.x), half),
			"ymx": fmul(new(big.Int).Sub(Q.y, Q.x), half),
			"t2d": fmul(edD, Q.x, Q.y),
		}
		plan.Eval(toPlan(l64Madd()), env, f)
		sum := edAdd(P, Q)
		if !ratio(env["X"], env["Z"], sum.x) || !ratio(env["Y"], env["Z"], sum.y) ||
			fmul(env["T"], env["Z"]).Cmp(fmul(env["X"], env["Y"])) != 0 {
			t.Fatal("the comb's mixed addition does not give P + Q in extended coordinates")
		}
	}
}
