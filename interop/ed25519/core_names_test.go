package ed25519_test

import (
	"github.com/curvekit/curvekit/internal/ed25519core"
)

var smallOrderEncodings = ed25519core.SmallOrderEncodings
