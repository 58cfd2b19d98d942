package core_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
)

// TestReportTokenEveryEditRefused: every one-character change of a token
// is refused, the last character's padding bits included (a lenient
// base64 decoder would take two spellings of the same bytes).
func TestReportTokenEveryEditRefused(t *testing.T) {
	l := core.ReportLinks{Secret: []byte("0123456789abcdef0123456789abcdef")}
	now := time.Now()
	for n := 0; n < 50; n++ {
		id := uuid.New()
		tok := l.Token(id, now)
		if got, err := l.Verify(tok, now); err != nil || got != id {
			t.Fatalf("fresh token: %v %v", got, err)
		}
		for i := range tok {
			for _, c := range []byte("ABab019_-") {
				if tok[i] == c {
					continue
				}
				edited := tok[:i] + string(c) + tok[i+1:]
				if _, err := l.Verify(edited, now); err == nil {
					t.Fatalf("token %s edited at %d to %q verified", tok, i, c)
				}
			}
		}
	}
	if _, err := l.Verify(l.Token(uuid.New(), now.Add(-31*24*time.Hour)), now); err == nil {
		t.Fatal("an expired token verified")
	}
}
