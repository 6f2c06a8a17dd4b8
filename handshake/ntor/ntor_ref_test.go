package ntor

// The independent ntor of internal/ntorref (written from tor-spec §5.1.4 on
// crypto/ecdh, sharing no code with this package) is the differential oracle
// of the tests and the baseline of the benchmarks; the interop module runs
// the same tests and benchmarks on it over circl's and voi's X25519 too.

import "github.com/curvekit/curvekit/internal/ntorref"

type (
	refDH  = ntorref.DH
	refKey = ntorref.Key
)

var (
	refECDH         = ntorref.ECDH
	refClientCreate = ntorref.ClientCreate
	refServer       = ntorref.Server
)
