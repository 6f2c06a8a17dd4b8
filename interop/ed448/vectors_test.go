package ed448_test

import (
	"github.com/curvekit/curvekit/ed448"
)

var allPolicies = []ed448.Policy{ed448.PolicyDefault, ed448.PolicyOpenSSL, ed448.PolicyStrict}
