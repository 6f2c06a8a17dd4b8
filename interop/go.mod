module github.com/curvekit/curvekit/interop

go 1.26.0

require github.com/curvekit/curvekit v0.0.0

require golang.org/x/sys v0.50.0 // indirect

replace github.com/curvekit/curvekit => ../
