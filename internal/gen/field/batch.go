package field

import (
	"bytes"
	_ "embed"
	"text/template"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

//go:embed batch.tmpl
var batchTmpl string

// batchPkgs are the packages that get BatchInvert: every registry field,
// whatever its representation family, since the trick needs only the
// Element API they share.
var batchPkgs = func() []string {
	var pkgs []string
	for _, f := range registry.Fields {
		pkgs = append(pkgs, f.Pkg)
	}
	return pkgs
}()

func init() {
	register("batch", func() (map[string][]byte, error) {
		t, err := template.New("batch").Parse(batchTmpl)
		if err != nil {
			return nil, err
		}
		files := map[string][]byte{}
		for _, pkg := range batchPkgs {
			for _, part := range []string{"batch", "batchtest"} {
				var b bytes.Buffer
				b.WriteString(header)
				if err := t.ExecuteTemplate(&b, part, pkg); err != nil {
					return nil, err
				}
				name := pkg + "/zz_generated_batch.go"
				if part == "batchtest" {
					name = pkg + "/zz_generated_batch_test.go"
				}
				files[name] = b.Bytes()
			}
		}
		return files, nil
	})
}
