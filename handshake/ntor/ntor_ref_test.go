package ntor

// The independent ntor of internal/ntorref (written from tor-spec §5.1.4 on
// crypto/ecdh, circl or voi, sharing no code with this package) is the
// differential oracle of the tests and the baseline of the benchmarks.

import "github.com/curvekit/curvekit/internal/ntorref"

type (
	refDH  = ntorref.DH
	refKey = ntorref.Key
)

var (
	refECDH         = ntorref.ECDH
	refCircl        = ntorref.Circl
	refVoi          = ntorref.Voi
	refClientCreate = ntorref.ClientCreate
	refServer       = ntorref.Server
)
