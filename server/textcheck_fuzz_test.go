package server

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/bulwark-sec/bulwark/core"
)

// FuzzCheckJSONText feeds arbitrary bodies to the text check: it never
// panics, and whatever it passes decodes to strings free of NUL and of
// replacement characters the client did not write.
func FuzzCheckJSONText(f *testing.F) {
	for _, s := range []string{`{"name":"a"}`, `{"name":"a\u0000"}`, "{\"n\":\"\xff\"}", `null`, `{"a":[1,{"b":null}]}`,
		`{"name":"\ud800"}`, `[`, `{"name":`, `{"ci_context":{"k":null}}`} {
		f.Add([]byte(s))
	}
	type target struct {
		Name      *string         `json:"name"`
		List      []string        `json:"list"`
		CIContext json.RawMessage `json:"ci_context"`
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		err := checkJSONText(body, &target{})
		if err != nil {
			if _, ok := core.AsError(err); !ok {
				t.Fatalf("error %v is not a core error", err)
			}
			return
		}
		var v target
		if json.Unmarshal(body, &v) != nil || v.Name == nil {
			return
		}
		for _, r := range *v.Name {
			if r == 0 {
				t.Fatalf("NUL passed in %q", body)
			}
		}
		if !utf8.Valid(body) {
			t.Fatalf("invalid UTF-8 passed in %q", body)
		}
	})
}
