package ci_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/action/ci"
	"github.com/bulwark-sec/bulwark/action/client"
)

var (
	critical = client.Vulnerability{ID: "v1", Title: "Reentrancy", Severity: "critical", Status: "open",
		DetectorID: "SOL-REENTRANCY-ETH", Category: "reentrancy", Scanner: "bulwark-solidity", File: "src/Vault.sol",
		Line: 12, EndLine: 14, RiskScore: 95, Confidence: 0.9, CWE: "CWE-841", SWC: "SWC-107", Fingerprint: "fp1",
		Description: "External call before state update.", Recommendation: "Update state first."}
	high = client.Vulnerability{ID: "v2", Title: "Unchecked call", Severity: "high", Status: "open",
		DetectorID: "SOL-UNCHECKED-CALL", Category: "unchecked-call", Scanner: "bulwark-solidity", File: "src/Token.sol",
		Line: 3, RiskScore: 70, Confidence: 0.8, Fingerprint: "fp2"}
	fixedCritical = client.Vulnerability{ID: "v3", Title: "Old bug", Severity: "critical", Status: "fixed",
		DetectorID: "SOL-OLD", File: "src/Vault.sol", Line: 1, Fingerprint: "fp3"}
	defaultGate = &client.QualityGate{Name: "default", BlockOnCritical: true, MaxCritical: 0, MaxHigh: -1, MaxMedium: -1, MaxLow: -1, IsActive: true}
)

func sources(t *testing.T) string {
	return tree(t, map[string]string{"src/Vault.sol": "contract Vault {}", "src/Token.sol": "contract Token {}",
		"README.md": "x"})
}

func options(t *testing.T, srv *apitest.Server, root string) ci.Options {
	c, err := client.New(srv.URL, srv.Key)
	if err != nil {
		t.Fatal(err)
	}
	c.BaseDelay, c.MaxDelay = time.Millisecond, 10*time.Millisecond
	return ci.Options{APIURL: srv.URL, APIKey: srv.Key, Project: "demo", Client: c,
		CollectOptions: ci.CollectOptions{Root: root, Paths: []string{"."}},
		FailOn:         "gate", WaitTimeout: 5 * time.Second, PollInterval: 5 * time.Millisecond,
		CI: ci.CIContext{Provider: "gitlab", Branch: "feat", Commit: "0123456789abcdef", PullRequest: 7}}
}

func TestRunDecides(t *testing.T) {
	tests := []struct {
		name       string
		failOn     string
		findings   []client.Vulnerability
		gate       *client.QualityGate
		gateCode   int
		wantStatus string
		wantExit   int
		wantReason string
	}{
		{"gate passes without findings", "gate", nil, defaultGate, 0, ci.StatusPassed, 0, ""},
		{"gate fails on a critical", "gate", []client.Vulnerability{critical, high}, defaultGate, 0, ci.StatusFailed, 1, "1 critical finding(s), block_on_critical"},
		{"gate passes on a high", "gate", []client.Vulnerability{high}, defaultGate, 0, ci.StatusPassed, 0, ""},
		{"fixed findings do not count", "gate", []client.Vulnerability{fixedCritical}, defaultGate, 0, ci.StatusPassed, 0, ""},
		{"no gate falls back to block on critical", "gate", []client.Vulnerability{critical}, nil, 0, ci.StatusFailed, 1, "default gate"},
		{"no gate and only a high passes", "gate", []client.Vulnerability{high}, nil, 0, ci.StatusPassed, 0, ""},
		{"plan without gates falls back", "gate", []client.Vulnerability{critical}, defaultGate, 403, ci.StatusFailed, 1, "default gate"},
		{"fail-on high fails on a high", "high", []client.Vulnerability{high}, defaultGate, 0, ci.StatusFailed, 1, "severity high or higher"},
		{"fail-on critical passes a high", "critical", []client.Vulnerability{high}, defaultGate, 0, ci.StatusPassed, 0, ""},
		{"fail-on low counts everything above", "low", []client.Vulnerability{critical}, nil, 0, ci.StatusFailed, 1, "1 finding(s) of severity low"},
		{"fail-on none never fails", "none", []client.Vulnerability{critical}, defaultGate, 0, ci.StatusPassed, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := apitest.New(t)
			srv.Findings, srv.Gate, srv.GateStatusCode = tt.findings, tt.gate, tt.gateCode
			o := options(t, srv, sources(t))
			o.FailOn = tt.failOn
			var log bytes.Buffer
			o.Log = &log
			out, err := ci.Run(context.Background(), o)
			if err != nil {
				t.Fatalf("run: %v\n%s", err, log.String())
			}
			if out.GateStatus != tt.wantStatus || ci.ExitCode(out, err) != tt.wantExit {
				t.Errorf("status %s exit %d, want %s %d", out.GateStatus, ci.ExitCode(out, err), tt.wantStatus, tt.wantExit)
			}
			if got := strings.Join(out.Reasons, "; "); (tt.wantReason == "") != (got == "") || !strings.Contains(got, tt.wantReason) {
				t.Errorf("reasons %q, want %q", got, tt.wantReason)
			}
		})
	}
}

func TestRunUploadsAndRecordsContext(t *testing.T) {
	srv := apitest.New(t)
	srv.Gate = defaultGate
	o := options(t, srv, sources(t))
	o.Preset = "deep"
	out, err := ci.Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	srv.Lock()
	defer srv.Unlock()
	if len(srv.Uploads) != 1 {
		t.Fatalf("%d uploads", len(srv.Uploads))
	}
	up := srv.Uploads[0]
	want := apitest.Upload{ProjectID: out.Project.ID, Name: "demo@feat 0123456", Language: "solidity",
		Files: map[string]string{"src/Vault.sol": "contract Vault {}", "src/Token.sol": "contract Token {}"}}
	if diff := cmp.Diff(want, up); diff != "" {
		t.Errorf("upload (-want +got):\n%s", diff)
	}
	if out.Scan.Preset != "deep" || out.Scan.Status != client.ScanCompleted {
		t.Errorf("scan %+v", out.Scan)
	}
	wantEval := map[string]any{"scan_id": out.Scan.ID, "triggered_by": "ci:gitlab",
		"ci_context": map[string]any{"provider": "gitlab", "branch": "feat", "commit": "0123456789abcdef", "pull_request": float64(7)}}
	if diff := cmp.Diff([]map[string]any{wantEval}, srv.Evaluations); diff != "" {
		t.Errorf("evaluations (-want +got):\n%s", diff)
	}
	if out.ReportURL != srv.URL+"/r/report-of-"+out.Scan.ID {
		t.Errorf("report url %s", out.ReportURL)
	}
}

func TestRunReusesProjectAndSurvivesRateLimits(t *testing.T) {
	srv := apitest.New(t)
	srv.Gate = defaultGate
	root := sources(t)
	if _, err := ci.Run(context.Background(), options(t, srv, root)); err != nil {
		t.Fatal(err)
	}
	srv.Lock()
	srv.RateLimitFirst = 3
	srv.Unlock()
	out, err := ci.Run(context.Background(), options(t, srv, root))
	if err != nil {
		t.Fatal(err)
	}
	srv.Lock()
	defer srv.Unlock()
	creates := 0
	for _, r := range srv.Requests {
		if r == "POST /api/v1/projects" {
			creates++
		}
	}
	if creates != 1 || len(srv.Uploads) != 2 || srv.Uploads[1].ProjectID != out.Project.ID {
		t.Errorf("%d project creations, uploads %+v", creates, srv.Uploads)
	}
}

func TestRunErrors(t *testing.T) {
	t.Run("scan failed is a service error", func(t *testing.T) {
		srv := apitest.New(t)
		srv.Statuses = []string{client.ScanRunning, client.ScanFailed}
		srv.ScanError = &client.ScanError{Code: "SCAN_FAILED", Message: "syntax error in src/Vault.sol"}
		out, err := ci.Run(context.Background(), options(t, srv, sources(t)))
		if err == nil || !strings.Contains(err.Error(), "SCAN_FAILED: syntax error") || ci.ExitCode(out, err) != 2 {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("timeout leaves a pending evaluation", func(t *testing.T) {
		srv := apitest.New(t)
		srv.Gate = defaultGate
		srv.Statuses = []string{client.ScanRunning}
		o := options(t, srv, sources(t))
		o.WaitTimeout = 50 * time.Millisecond
		start := time.Now()
		out, err := ci.Run(context.Background(), o)
		if !errors.Is(err, ci.ErrTimeout) || ci.ExitCode(out, err) != 2 {
			t.Fatalf("err = %v", err)
		}
		if time.Since(start) > 3*time.Second {
			t.Errorf("took %v", time.Since(start))
		}
		if out.GateStatus != ci.StatusPending || out.Scan == nil || out.Evaluation == nil || out.Evaluation.Status != client.GatePending {
			t.Errorf("outcome %+v evaluation %+v", out, out.Evaluation)
		}
	})
	t.Run("interrupt cancels the scan", func(t *testing.T) {
		srv := apitest.New(t)
		srv.Statuses = []string{client.ScanRunning}
		o := options(t, srv, sources(t))
		var log bytes.Buffer
		o.Log = &log
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		out, err := ci.Run(ctx, o)
		if !errors.Is(err, context.DeadlineExceeded) || ci.ExitCode(out, err) != 2 {
			t.Fatalf("err = %v", err)
		}
		srv.Lock()
		defer srv.Unlock()
		if last := srv.Requests[len(srv.Requests)-1]; last != "POST /api/v1/scans/"+out.Scan.ID+"/cancel" ||
			!strings.Contains(log.String(), "cancelled scan "+out.Scan.ID) {
			t.Errorf("last request %s; log:\n%s", last, log.String())
		}
	})
	t.Run("server down", func(t *testing.T) {
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		addr := ln.Addr().String()
		ln.Close()
		c, _ := client.New("http://"+addr, "k")
		c.BaseDelay, c.MaxDelay = time.Millisecond, time.Millisecond
		o := ci.Options{APIURL: "http://" + addr, APIKey: "k", Project: "p", Client: c, FailOn: "gate",
			WaitTimeout: time.Second, CollectOptions: ci.CollectOptions{Root: sources(t)}}
		out, err := ci.Run(context.Background(), o)
		if err == nil || ci.ExitCode(out, err) != 2 || !strings.Contains(err.Error(), "connection refused") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("bad key", func(t *testing.T) {
		srv := apitest.New(t)
		o := options(t, srv, sources(t))
		o.Client = nil
		o.APIKey = "wrong"
		_, err := ci.Run(context.Background(), o)
		if !client.IsCode(err, "UNAUTHORIZED") {
			t.Fatalf("err = %v", err)
		}
	})
	usage := []struct {
		name string
		mod  func(*ci.Options)
		want string
	}{
		{"no project", func(o *ci.Options) { o.Project = "" }, "--project"},
		{"bad fail-on", func(o *ci.Options) { o.FailOn = "severe" }, "--fail-on"},
		{"bad preset", func(o *ci.Options) { o.Preset = "fast" }, "--preset"},
		{"bad timeout", func(o *ci.Options) { o.WaitTimeout = 0 }, "--wait-timeout"},
		{"no sources", func(o *ci.Options) { o.Paths = []string{"README.md"} }, "not a contract source"},
	}
	for _, tt := range usage {
		t.Run("usage: "+tt.name, func(t *testing.T) {
			srv := apitest.New(t)
			o := options(t, srv, sources(t))
			tt.mod(&o)
			_, err := ci.Run(context.Background(), o)
			var ue *ci.UsageError
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want usage error about %s", err, tt.want)
			}
			srv.Lock()
			defer srv.Unlock()
			if len(srv.Requests) != 0 {
				t.Errorf("a usage error sent %v", srv.Requests)
			}
		})
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, b)
	}
	return strings.TrimSpace(string(b))
}

func TestRunChangedOnly(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := sources(t)
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-qm", "base")
	base := git(t, root, "rev-parse", "HEAD")
	if err := os.WriteFile(filepath.Join(root, "src", "Vault.sol"), []byte("contract Vault { uint x; }"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, root, "commit", "-qam", "change vault")

	srv := apitest.New(t)
	srv.Gate = defaultGate
	o := options(t, srv, root)
	o.ChangedOnly, o.CI.BaseCommit = true, base
	if _, err := ci.Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	srv.Lock()
	got := srv.Uploads[0].Files
	srv.Unlock()
	if diff := cmp.Diff(map[string]string{"src/Vault.sol": "contract Vault { uint x; }"}, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}

	// Nothing changed since HEAD: nothing is uploaded and the step passes.
	o.CI.BaseCommit = git(t, root, "rev-parse", "HEAD")
	out, err := ci.Run(context.Background(), o)
	if err != nil || out.Skipped == "" || ci.ExitCode(out, err) != 0 {
		t.Fatalf("out %+v err %v", out, err)
	}
	// An unknown base (a shallow clone) falls back to every file.
	o.CI.BaseCommit = "0000000000000000000000000000000000000001"
	var log bytes.Buffer
	o.Log = &log
	if _, err := ci.Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	srv.Lock()
	n := len(srv.Uploads[len(srv.Uploads)-1].Files)
	srv.Unlock()
	if n != 2 || !strings.Contains(log.String(), "scanning every file") {
		t.Errorf("%d files; log:\n%s", n, log.String())
	}
}

func TestJSONReportRoundTrips(t *testing.T) {
	srv := apitest.New(t)
	srv.Findings, srv.Gate = []client.Vulnerability{critical}, defaultGate
	o := options(t, srv, sources(t))
	o.JSONFile = filepath.Join(t.TempDir(), "out", "bulwark.json")
	out, err := ci.Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(o.JSONFile)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		GateStatus      string                 `json:"gate_status"`
		Counts          client.Summary         `json:"counts"`
		Vulnerabilities []client.Vulnerability `json:"vulnerabilities"`
		CIContext       map[string]any         `json:"ci_context"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.GateStatus != out.GateStatus || doc.Counts.Critical != 1 || len(doc.Vulnerabilities) != 1 || doc.CIContext["provider"] != "gitlab" {
		t.Errorf("doc %+v", doc)
	}
}

// TestRunLocalWithoutURLOrKey: no URL, or a URL without a key (a fork's
// pull request), scans in-process: nothing reaches the service, the log
// says so, and the default gate decides --fail-on gate.
func TestRunLocalWithoutURLOrKey(t *testing.T) {
	for name, mod := range map[string]func(*ci.Options){
		"no url": func(o *ci.Options) { o.APIURL, o.Client = "", nil },
		"no key": func(o *ci.Options) { o.APIKey, o.Client = "", nil },
	} {
		t.Run(name, func(t *testing.T) {
			srv := apitest.New(t)
			o := options(t, srv, sources(t))
			mod(&o)
			var log bytes.Buffer
			o.Log = &log
			out, err := ci.Run(context.Background(), o)
			if err != nil || out.Local == nil || out.Scan == nil || out.Results == nil {
				t.Fatalf("err = %v, outcome %+v", err, out)
			}
			if !strings.Contains(log.String(), "scanning locally, in-process") {
				t.Errorf("log:\n%s", log.String())
			}
			if want := map[bool]string{true: ci.StatusFailed, false: ci.StatusPassed}[out.Counts.Critical > 0]; out.GateStatus != want {
				t.Errorf("gate %s with %+v", out.GateStatus, out.Counts)
			}
			srv.Lock()
			defer srv.Unlock()
			if len(srv.Requests) != 0 {
				t.Errorf("the service was called: %v", srv.Requests)
			}
		})
	}
}
