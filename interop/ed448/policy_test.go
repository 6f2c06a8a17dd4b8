package ed448_test

import (
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/internal/ed448test"
)

func TestPolicyTable(t *testing.T) {
	for round := 0; round < 4; round++ {
		for _, c := range ed448test.PolicyCases(t) {
			for _, p := range []struct {
				policy ed448.Policy
				want   bool
			}{{ed448.PolicyDefault, c.Default}, {ed448.PolicyOpenSSL, c.OpenSSL}, {ed448.PolicyStrict, c.Strict}} {
				if got := ed448.VerifyAny(c.Pub, c.Msg, c.Sig, ed448.SignerOptions{Policy: p.policy}); got != p.want {
					t.Errorf("%s: %v = %v, want %v", c.Name, p.policy, got, p.want)
				}
			}
			if got := circled448.Verify(c.Pub, c.Msg, c.Sig, ""); got != c.Default {
				t.Errorf("%s: circl Verify = %v, the table's default column says %v", c.Name, got, c.Default)
			}
			if got := ed448.Verify(c.Pub, c.Msg, c.Sig, ""); got != c.Default {
				t.Errorf("%s: Verify = %v", c.Name, got)
			}
		}
	}
}
