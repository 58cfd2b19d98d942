package ci_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/action/ci"
)

func TestPlainProgressPrintsChangesAndHeartbeats(t *testing.T) {
	var buf bytes.Buffer
	p := ci.NewProgress(&buf, false)
	for _, u := range []struct {
		status string
		at     time.Duration
	}{{"queued", 0}, {"queued", 2 * time.Second}, {"running", 4 * time.Second}, {"running", 20 * time.Second},
		{"running", 35 * time.Second}, {"completed", 36 * time.Second}} {
		p.Update("s1", u.status, u.at)
	}
	p.Done()
	want := "bulwark: scan s1 queued (0s)\nbulwark: scan s1 running (4s)\nbulwark: scan s1 running (35s)\nbulwark: scan s1 completed (36s)\n"
	if buf.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestSpinnerRedrawsOneLine(t *testing.T) {
	var buf bytes.Buffer
	p := ci.NewProgress(&buf, true)
	p.Update("s1", "running", time.Second)
	p.Update("s1", "running", 2*time.Second)
	p.Done()
	s := buf.String()
	if strings.Contains(s, "\n") || strings.Count(s, "\r\x1b[2K") != 3 || !strings.Contains(s, "scan s1 running 2s") {
		t.Errorf("spinner output %q", s)
	}
	// A pipe or a CI log is never a terminal.
	if ci.Interactive(&buf, ci.CIContext{Provider: "local"}) {
		t.Error("a buffer is not a terminal")
	}
}
