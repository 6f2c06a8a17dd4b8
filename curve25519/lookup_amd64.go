//go:build amd64 && !purego && !curvekit_purego

package curve25519

import "golang.org/x/sys/cpu"

// haveAVX2 reports whether the AVX2 scans (lookup_amd64.s) can run: the
// CPU has AVX2 and the OS saves the YMM state.
var haveAVX2 = cpu.X86.HasAVX2

// selectAffineAVX2 sets dst to *id ANDed with masks[0], ORed with t[i]
// ANDed with masks[i+1] for each i < n, reading all n entries (n even,
// n ≥ 2). Each mask must be all ones or zero.
//
//go:noescape
func selectAffineAVX2(dst *affineCached, t *affineCached, id *affineCached, masks *uint64, n int)

// selectCachedAVX2 is selectAffineAVX2 for projective cached entries.
//
//go:noescape
func selectCachedAVX2(dst *projCached, t *projCached, id *projCached, masks *uint64, n int)

// Assembly names the routines of this package that run assembly in this
// build on this CPU: "AVX2 table lookups" on amd64 with AVX2, empty without
// AVX2, with -tags purego or curvekit_purego and on other architectures. The field layer's
// routines are named by field25519.Assembly.
func Assembly() string {
	if haveAVX2 {
		return "AVX2 table lookups"
	}
	return ""
}
