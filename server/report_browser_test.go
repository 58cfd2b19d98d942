package server_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// reportFixture seeds two scans in two projects: A, with a failing gate
// evaluation (a critical and a high), and B, with one finding of its
// own. It returns both scans.
func reportFixture(t *testing.T, env *servertest.Env) (a, b *db.Scan) {
	t.Helper()
	ctA := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract Vault {}\n"})
	a = env.SeedScan(ctA, "completed")
	env.SeedVulnerabilities(a, 2, func(i int, v *db.Vulnerability) {
		if i == 0 {
			v.Severity, v.Title, v.DetectorID = "critical", "Reentrancy in withdraw", "SOL-REENTRANCY"
			v.Snippet = `(bool ok, ) = msg.sender.call{value: amount}("");`
		} else {
			v.Title, v.DetectorID = "Authorization through tx.origin", "SOL-TX-ORIGIN"
		}
	})
	gates := "/api/v1/quality-gates/projects/" + a.ProjectID.String()
	if r := env.Do("PUT", gates, env.Key, map[string]any{"name": "strict"}); r.Status != 201 {
		t.Fatalf("PUT gate: %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", gates+"/evaluate", env.Key, map[string]any{"scan_id": a.ID.String(),
		"ci_context": map[string]any{"provider": "github-actions", "repository": "acme/vault", "branch": "main",
			"commit": "0123456789abcdef0123456789abcdef01234567"}}); r.Status != 201 {
		t.Fatalf("evaluate: %d %s", r.Status, r.Body)
	}
	ctB := env.SeedContract(env.Key, map[string]string{"Other.sol": "contract Other {}\n"})
	b = env.SeedScan(ctB, "completed")
	env.SeedVulnerabilities(b, 1, func(_ int, v *db.Vulnerability) { v.Title = "Only in the other scan" })
	return a, b
}

// TestReportPageTokens: the page opens without a key for its own scan
// only; an edited, expired or foreign-secret token is 404, and another
// scan's token shows that scan, never this one.
func TestReportPageTokens(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	a, b := reportFixture(t, env)
	now := env.Svc.Now()
	tokA := env.Svc.Reports.Token(a.ID, now)
	tokB := env.Svc.Reports.Token(b.ID, now)

	page := env.Do("GET", "/r/"+tokA, "", nil)
	if page.Status != 200 || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("own token: %d %s", page.Status, page.Body)
	}
	for _, want := range []string{a.ID.String(), "Quality gate failed", "Reentrancy in withdraw", "Authorization through tx.origin"} {
		if !strings.Contains(string(page.Body), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	other := env.Do("GET", "/r/"+tokB, "", nil)
	if other.Status != 200 || !strings.Contains(string(other.Body), "Only in the other scan") {
		t.Fatalf("other token: %d %s", other.Status, other.Body)
	}
	for _, leak := range []string{a.ID.String(), "Reentrancy in withdraw", "Authorization through tx.origin", "Quality gate failed"} {
		if strings.Contains(string(other.Body), leak) {
			t.Errorf("scan B's page shows scan A's %q", leak)
		}
	}

	// Every one-character edit of the token is refused.
	for i := range tokA {
		c := byte('A')
		if tokA[i] == 'A' {
			c = 'B'
		}
		edited := tokA[:i] + string(c) + tokA[i+1:]
		if r := env.Do("GET", "/r/"+edited, "", nil); r.Status != 404 || strings.Contains(string(r.Body), "Reentrancy") {
			t.Fatalf("token edited at %d: %d", i, r.Status)
		}
	}
	// B's scan id under A's signature (a spliced token) is refused too.
	spliced := tokB[:22] + tokA[22:]
	if r := env.Do("GET", "/r/"+spliced, "", nil); r.Status != 404 {
		t.Errorf("spliced token: %d", r.Status)
	}
	expired := core.ReportLinks{Secret: env.Svc.Reports.Secret, TTL: time.Hour}.Token(a.ID, now.Add(-2*time.Hour))
	if r := env.Do("GET", "/r/"+expired, "", nil); r.Status != 404 || !strings.Contains(string(r.Body), "invalid or has expired") {
		t.Errorf("expired token: %d %s", r.Status, r.Body)
	}
	foreign := core.ReportLinks{Secret: []byte("another server's secret")}.Token(a.ID, now)
	if r := env.Do("GET", "/r/"+foreign, "", nil); r.Status != 404 {
		t.Errorf("token of another secret: %d", r.Status)
	}
	for _, bad := range []string{"", "x", strings.Repeat("A", len(tokA))} {
		if r := env.Do("GET", "/r/"+bad, "", nil); r.Status != 404 {
			t.Errorf("token %q: %d", bad, r.Status)
		}
	}
	// The link the API hands out is this page.
	res := env.Do("GET", "/api/v1/scans/"+a.ID.String()+"/results", env.Key, nil)
	var body struct {
		Data struct {
			ReportURL *string `json:"report_url"`
		} `json:"data"`
	}
	res.Decode(t, &body)
	if body.Data.ReportURL == nil || !strings.HasPrefix(*body.Data.ReportURL, env.URL+"/r/") {
		t.Fatalf("report_url %v in %s", body.Data.ReportURL, res.Body)
	}
	if r := env.Do("GET", strings.TrimPrefix(*body.Data.ReportURL, env.URL), "", nil); r.Status != 200 ||
		!strings.Contains(string(r.Body), "Reentrancy in withdraw") {
		t.Errorf("report_url page: %d", r.Status)
	}
}

// TestReportPageInChromium loads a report page in headless Chromium: the
// verdict and the findings render, nothing is logged to the console, and
// a screenshot is kept in BULWARK_TEST_ARTIFACTS when set. Another scan's
// page never shows this scan, and a bad token renders the 404 page.
func TestReportPageInChromium(t *testing.T) {
	bin := chromium(t)
	env := servertest.New(t, servertest.Options{NoWorker: true})
	a, b := reportFixture(t, env)
	now := env.Svc.Now()
	urlA := env.URL + "/r/" + env.Svc.Reports.Token(a.ID, now)
	urlB := env.URL + "/r/" + env.Svc.Reports.Token(b.ID, now)
	dir := t.TempDir()
	shot := filepath.Join(dir, "report.png")
	if art := os.Getenv("BULWARK_TEST_ARTIFACTS"); art != "" {
		if err := os.MkdirAll(art, 0o755); err != nil {
			t.Fatal(err)
		}
		shot = filepath.Join(art, "report.png")
	}
	run := func(args ...string) (stdout, stderr string) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, append([]string{"--headless", "--no-sandbox", "--disable-gpu",
			"--no-first-run", "--user-data-dir=" + filepath.Join(dir, "profile"), "--window-size=412,1200",
			"--virtual-time-budget=5000"}, args...)...)
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, errOut.String())
		}
		return out.String(), errOut.String()
	}
	dom, _ := run("--dump-dom", urlA)
	for _, want := range []string{`id="verdict">Quality gate failed`, "Critical (1)", "High (1)",
		"<tr><td>1</td><td>1</td><td>0</td><td>0</td></tr>", "Reentrancy in withdraw",
		"Authorization through tx.origin", "msg.sender.call", a.ID.String(),
		`href="https://github.com/acme/vault/blob/0123456789abcdef0123456789abcdef01234567/Vault.sol#L1"`} {
		if !strings.Contains(dom, want) {
			t.Errorf("rendered page lacks %q", want)
		}
	}
	_, log := run("--enable-logging=stderr", "--v=0", "--screenshot="+shot, urlA)
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

	domB, _ := run("--dump-dom", urlB)
	if !strings.Contains(domB, "Only in the other scan") {
		t.Errorf("scan B's page lacks its finding:\n%.500s", domB)
	}
	for _, leak := range []string{a.ID.String(), "Reentrancy in withdraw", "Quality gate failed"} {
		if strings.Contains(domB, leak) {
			t.Errorf("scan B's page shows scan A's %q", leak)
		}
	}
	expired := core.ReportLinks{Secret: env.Svc.Reports.Secret, TTL: time.Hour}.Token(a.ID, now.Add(-2*time.Hour))
	if dom404, _ := run("--dump-dom", env.URL+"/r/"+expired); !strings.Contains(dom404, "Report not found") ||
		strings.Contains(dom404, "Reentrancy") {
		t.Errorf("expired link rendered:\n%.500s", dom404)
	}
}
