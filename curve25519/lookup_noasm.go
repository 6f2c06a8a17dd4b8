//go:build !amd64 || purego || curvekit_purego

package curve25519

// haveAVX2 is false: this build has no assembly scans.
const haveAVX2 = false

func selectAffineAVX2(dst *affineCached, t *affineCached, id *affineCached, masks *uint64, n int) {
	panic("curve25519: no AVX2 scan in this build")
}

func selectCachedAVX2(dst *projCached, t *projCached, id *projCached, masks *uint64, n int) {
	panic("curve25519: no AVX2 scan in this build")
}

// Assembly names the routines of this package that run assembly in this
// build on this CPU: "AVX2 table lookups" on amd64 with AVX2, empty without
// AVX2, with -tags purego or curvekit_purego and on other architectures. The field layer's
// routines are named by field25519.Assembly.
func Assembly() string { return "" }
