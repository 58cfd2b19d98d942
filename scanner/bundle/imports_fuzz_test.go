package bundle

import (
	"strings"
	"testing"
)

// FuzzRelativeImports: any source gives relative paths only, each as
// written between quotes in it.
func FuzzRelativeImports(f *testing.F) {
	f.Add([]byte("import \"./A.sol\";\nimport {B} from '../b/B.sol';\n// import \"./C.sol\";"))
	f.Add([]byte("import * as X from \"@oz/x.sol\"; /* import \"./D.sol\" */"))
	f.Add([]byte("import"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, spec := range relativeImports(src) {
			if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
				t.Fatalf("non-relative %q", spec)
			}
			if !strings.Contains(string(src), spec) {
				t.Fatalf("%q is not in the source", spec)
			}
		}
	})
}

func TestRelativeImportsComments(t *testing.T) {
	src := "/*/ import \"./A.sol\"; */\nimport \"./B.sol\";\n/**/import \"./C.sol\";\nimport \"./D//x.sol\";\n  // import \"./E.sol\";\nimport {F} from \"../F.sol\";"
	got := strings.Join(relativeImports([]byte(src)), " ")
	if want := "./B.sol ./D//x.sol ../F.sol"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
