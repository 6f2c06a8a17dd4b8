//go:build !curvekit32 && (amd64 || arm64 || ppc64 || ppc64le || s390x || riscv64 || loong64 || mips64 || mips64le)

package field448

// Backend names the limb representation that Element wraps in this build.
const Backend = "64-bit"

// elem is the representation Element wraps.
type elem = fe56

// looseElem is the loose form Loose wraps.
type looseElem = fe56Loose
