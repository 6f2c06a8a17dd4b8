module github.com/curvekit/curvekit/cmd/ecbench

go 1.26.0

require (
	github.com/curvekit/curvekit v0.0.0
	github.com/curvekit/curvekit/interop v0.0.0
)

replace (
	github.com/curvekit/curvekit => ../../
	github.com/curvekit/curvekit/interop => ../../interop
)
