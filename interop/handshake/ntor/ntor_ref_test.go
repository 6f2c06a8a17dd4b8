package ntor_test

// The independent ntor of internal/ntorref (written from tor-spec §5.1.4,
// sharing no code with handshake/ntor) on crypto/ecdh, and here on circl and
// voi too (ntorpeer), is the differential oracle of these tests and the
// baseline of the benchmarks.

import (
	"github.com/curvekit/curvekit/internal/ntorref"
	"github.com/curvekit/curvekit/interop/ntorpeer"
)

type (
	refDH  = ntorref.DH
	refKey = ntorref.Key
)

var (
	refECDH         = ntorref.ECDH
	refCircl        = ntorpeer.Circl
	refVoi          = ntorpeer.Voi
	refClientCreate = ntorref.ClientCreate
	refServer       = ntorref.Server
)
