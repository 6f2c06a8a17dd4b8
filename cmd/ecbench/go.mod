module github.com/curvekit/curvekit/cmd/ecbench

go 1.26.0

require (
	filippo.io/edwards25519 v1.2.0
	github.com/cloudflare/circl v1.6.5
	github.com/curvekit/curvekit v0.0.0
	github.com/curvekit/curvekit/interop v0.0.0
	github.com/hdevalence/ed25519consensus v0.2.0
	github.com/oasisprotocol/curve25519-voi v0.0.0-20230904125328-1f23a7beb09a
)

require (
	golang.org/x/crypto v0.59.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace (
	github.com/curvekit/curvekit => ../../
	github.com/curvekit/curvekit/interop => ../../interop
)
