package curvekit

import (
	"regexp"
	"testing"
)

// TestVersion checks that Version is a semantic version without the "v".
func TestVersion(t *testing.T) {
	if !regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$`).MatchString(Version) {
		t.Errorf("Version = %q, want MAJOR.MINOR.PATCH", Version)
	}
}
