//go:build !curvekit32 && (amd64 || arm64 || ppc64 || ppc64le || s390x || riscv64 || loong64 || mips64 || mips64le)

package scalarp384

// Backend names the limb representation Element uses in this build.
const Backend = "64-bit"

// impl is the representation Element wraps (see elem64).
type impl = elem64
