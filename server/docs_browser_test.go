package server_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// chromium finds Debian's chromium (or Chrome) for the browser tests.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH (apt-get install chromium): skipping the browser test of /docs")
	return ""
}

// TestDocsInChromium loads /docs in headless Chromium: Redoc renders the
// served document (operation summaries, the license) with no console
// message (a blocked CDN request or a script error would log one). The
// screenshot is kept in BULWARK_TEST_ARTIFACTS when set.
func TestDocsInChromium(t *testing.T) {
	bin := chromium(t)
	env := servertest.New(t, servertest.Options{NoWorker: true})
	dir := t.TempDir()
	shot := filepath.Join(dir, "docs.png")
	if a := os.Getenv("BULWARK_TEST_ARTIFACTS"); a != "" {
		if err := os.MkdirAll(a, 0o755); err != nil {
			t.Fatal(err)
		}
		shot = filepath.Join(a, "docs.png")
	}
	run := func(args ...string) (stdout, stderr string) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, append([]string{"--headless", "--no-sandbox", "--disable-gpu",
			"--no-first-run", "--user-data-dir=" + filepath.Join(dir, "profile"), "--window-size=1280,1600",
			"--virtual-time-budget=20000"}, args...)...)
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, errOut.String())
		}
		return out.String(), errOut.String()
	}
	dom, _ := run("--dump-dom", env.URL+"/docs")
	for _, want := range []string{"bulwark API", "Create a project", "Start a scan of a contract", "Apache-2.0", "API docs by Redocly"} {
		if !strings.Contains(dom, want) {
			t.Errorf("rendered page lacks %q", want)
		}
	}
	if strings.Contains(dom, "redocly logo") {
		t.Error("the CDN logo is still in the page")
	}
	_, log := run("--enable-logging=stderr", "--v=0", "--screenshot="+shot, env.URL+"/docs")
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, ":CONSOLE") {
			t.Errorf("console: %s", line)
		}
	}
	if st, err := os.Stat(shot); err != nil || st.Size() < 10_000 {
		t.Errorf("screenshot %s: %v", shot, err)
	} else {
		t.Logf("screenshot: %s", shot)
	}
}
