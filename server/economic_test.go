package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// defiContract holds one finding of each economic category: an
// unchecked ERC-3156 callback (flash loan), a swap without slippage
// (oracle/MEV) and a deposit credited without measuring it (DeFi).
const defiContract = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        returns (uint256[] memory amounts);
}

contract Strategy {
    IRouter public immutable router;
    IERC20 public immutable want;
    mapping(address => uint256) public deposits;
    uint256 public loans;

    constructor(IRouter r, IERC20 w) {
        router = r;
        want = w;
    }

    function onFlashLoan(address initiator, address token, uint256 amount, uint256 fee, bytes calldata)
        external
        returns (bytes32)
    {
        loans += 1;
        IERC20(token).approve(msg.sender, amount + fee);
        return keccak256("ERC3156FlashBorrower.onFlashLoan");
    }

    function harvest(uint256 rewards, address[] calldata path, uint256 deadline) external {
        router.swapExactTokensForTokens(rewards, 0, path, address(this), deadline);
    }

    function deposit(uint256 amount) external {
        require(want.transferFrom(msg.sender, address(this), amount), "transfer");
        deposits[msg.sender] += amount;
    }
}
`

type economicBody struct {
	Data struct {
		ScanID          string     `json:"scan_id"`
		ScanStatus      string     `json:"scan_status"`
		Total           int        `json:"total_economic_findings"`
		Score           int        `json:"economic_risk_score"`
		RiskLevel       string     `json:"risk_level"`
		HighestSeverity *string    `json:"highest_severity"`
		FlashLoan       []econVuln `json:"flash_loan_findings"`
		OracleMEV       []econVuln `json:"oracle_mev_findings"`
		DeFi            []econVuln `json:"defi_findings"`
	} `json:"data"`
}

type econVuln struct {
	ID         string `json:"id"`
	Severity   string `json:"severity"`
	Category   string `json:"category"`
	Scanner    string `json:"scanner"`
	DetectorID string `json:"detector_id"`
	Line       int    `json:"line"`
}

// expectedScore is decisions.md's formula, written out independently of
// the service's implementation.
func expectedScore(vs []econVuln) int {
	weight := map[string]float64{"critical": 40, "high": 25, "medium": 10, "low": 3}
	mult := map[string]float64{"flash_loan": 1.3, "defi": 1.2, "oracle_mev": 1.0}
	sum := 0.0
	for _, v := range vs {
		sum += weight[v.Severity] * mult[v.Category]
	}
	return int(math.Min(100, math.Floor(sum+0.5+1e-9)))
}

// TestEconomicAnalysisEndToEnd scans a DeFi contract through the API and
// reads its economic analysis, the contract's findings and the project's
// risk; the score is on the scan and in scan.completed.
func TestEconomicAnalysisEndToEnd(t *testing.T) {
	env := servertest.New(t)
	c := env.SeedContract(env.Key, map[string]string{"Strategy.sol": defiContract})
	created := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String()})
	if b := waitScan(t, env, created.ID); b.Status != "completed" {
		t.Fatalf("scan ended %s", b.Status)
	}
	r := env.Do("GET", "/api/v1/scans/"+created.ID+"/economic-analysis", env.Key, nil)
	if r.Status != 200 {
		t.Fatalf("economic-analysis: %d %s", r.Status, r.Body)
	}
	var a economicBody
	r.Decode(t, &a)
	d := a.Data
	got := map[string]int{}
	var all []econVuln
	for cat, vs := range map[string][]econVuln{"flash_loan": d.FlashLoan, "oracle_mev": d.OracleMEV, "defi": d.DeFi} {
		for _, v := range vs {
			if v.Scanner != "bulwark-economic" || v.Category != cat {
				t.Errorf("%s listed under %s: scanner %s category %s", v.DetectorID, cat, v.Scanner, v.Category)
			}
			got[v.DetectorID] = v.Line
			all = append(all, v)
		}
	}
	want := map[string]int{"ECON-FLASH-CALLBACK-UNCHECKED": 26, "ECON-ZERO-SLIPPAGE": 36, "ECON-FEE-ON-TRANSFER-ACCOUNTING": 41}
	for id, line := range want {
		if got[id] != line {
			t.Errorf("%s on line %d, want %d (got %v)", id, got[id], line, got)
		}
	}
	if d.Total != len(all) || d.ScanID != created.ID || d.ScanStatus != "completed" {
		t.Errorf("total %d (listed %d), scan %s %s", d.Total, len(all), d.ScanID, d.ScanStatus)
	}
	// high flash loan 32.5 + high MEV 25 + medium DeFi 12 = 69.5 -> 70.
	if d.Score != expectedScore(all) || d.Score != 70 || d.RiskLevel != "critical" || d.HighestSeverity == nil || *d.HighestSeverity != "high" {
		t.Errorf("score %d (want %d), level %s, highest %v", d.Score, expectedScore(all), d.RiskLevel, d.HighestSeverity)
	}
	if s := env.Do("GET", "/api/v1/scans/"+created.ID, env.Key, nil).JSON()["data"].(map[string]any)["economic_risk_score"]; s != float64(d.Score) {
		t.Errorf("scan's economic_risk_score %v, want %d", s, d.Score)
	}
	var completed map[string]any
	for _, ev := range eventsOf(t, env, created.ID) {
		if ev.Type == "scan.completed" {
			completed = ev.Data
		}
	}
	if completed["economic_risk_score"] != float64(d.Score) && completed["economic_risk_score"] != d.Score {
		t.Errorf("scan.completed economic_risk_score %v (%T), want %d", completed["economic_risk_score"], completed["economic_risk_score"], d.Score)
	}

	cr := env.Do("GET", "/api/v1/contracts/"+c.ID.String()+"/economic-findings", env.Key, nil)
	cd := cr.JSON()["data"].(map[string]any)
	if cr.Status != 200 || cd["total"] != float64(len(all)) || cd["scan_id"] != created.ID || cd["contract_id"] != c.ID.String() ||
		len(cd["findings"].([]any)) != len(all) {
		t.Errorf("contract economic findings: %d %s", cr.Status, cr.Body)
	}
	pr := env.Do("GET", "/api/v1/projects/"+c.ProjectID.String()+"/economic-risk", env.Key, nil)
	pd := pr.JSON()["data"].(map[string]any)
	if pr.Status != 200 || pd["aggregate_risk_score"] != float64(d.Score) || pd["scans_analyzed"] != float64(1) ||
		pd["total_economic_findings"] != float64(len(all)) || pd["highest_severity"] != "high" || pd["project_id"] != c.ProjectID.String() {
		t.Errorf("project economic risk: %d %s", pr.Status, pr.Body)
	}

	// Another organization sees none of it; a key without the economic
	// scope is refused.
	other := env.NewOrg("other", "developer")
	for _, path := range []string{"/api/v1/scans/" + created.ID + "/economic-analysis", "/api/v1/scans/" + created.ID + "/economic-analysis/explain",
		"/api/v1/contracts/" + c.ID.String() + "/economic-findings", "/api/v1/projects/" + c.ProjectID.String() + "/economic-risk"} {
		if r := env.Do("GET", path, other, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s from another organization: %d %s", path, r.Status, r.Body)
		}
		if r := env.Do("GET", path, env.NewOrg("scoped-"+fmt.Sprint(len(path)), "developer", "scans:read"), nil); r.Status != 403 {
			t.Errorf("%s without economic:read: %d", path, r.Status)
		}
	}
	if r := env.Do("GET", "/api/v1/scans/not-a-uuid/economic-analysis", env.Key, nil); r.Status != 404 {
		t.Errorf("malformed id: %d", r.Status)
	}
}

// TestProjectEconomicRiskAggregates: the latest completed scan of each
// contract counts, older and unfinished ones do not, and the aggregate is
// capped at 100.
func TestProjectEconomicRiskAggregates(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"A.sol": "contract A {}"})
	econ := func(sc *db.Scan, sev, cat string, n int) {
		env.SeedVulnerabilities(sc, n, func(i int, v *db.Vulnerability) {
			v.Scanner, v.Severity, v.Category, v.DetectorID = "bulwark-economic", sev, cat, "ECON-TEST"
		})
	}
	old := env.SeedScan(c, "completed")
	econ(old, "critical", "flash_loan", 5)
	time.Sleep(2 * time.Millisecond)
	latest := env.SeedScan(c, "completed")
	econ(latest, "medium", "defi", 1)       // 12
	env.SeedVulnerabilities(latest, 3, nil) // Solidity findings do not count
	running := env.SeedScan(c, "running")
	econ(running, "critical", "flash_loan", 1)

	// A second contract of the same project, with its own latest scan.
	c2 := &db.Contract{}
	*c2 = *c
	c2.ID = mustUUID(t, "018f0000-0000-7000-8000-000000000002")
	if _, err := env.DB.NewInsert().Model(c2).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	s2 := env.SeedScan(c2, "completed")
	econ(s2, "low", "oracle_mev", 2) // 6

	pd := env.Do("GET", "/api/v1/projects/"+c.ProjectID.String()+"/economic-risk", env.Key, nil).JSON()["data"].(map[string]any)
	if pd["scans_analyzed"] != float64(2) || pd["total_economic_findings"] != float64(3) || pd["aggregate_risk_score"] != float64(18) ||
		pd["highest_severity"] != "medium" || pd["risk_level"] != "medium" {
		t.Errorf("aggregate: %v", pd)
	}
	econ(s2, "critical", "flash_loan", 3) // 156 more: capped
	pd = env.Do("GET", "/api/v1/projects/"+c.ProjectID.String()+"/economic-risk", env.Key, nil).JSON()["data"].(map[string]any)
	if pd["aggregate_risk_score"] != float64(100) || pd["risk_level"] != "critical" || pd["highest_severity"] != "critical" {
		t.Errorf("capped aggregate: %v", pd)
	}
	// A project without scans, and a scan still running, analyse nothing.
	empty := env.SeedContract(env.Key, map[string]string{"B.sol": "contract B {}"})
	pd = env.Do("GET", "/api/v1/projects/"+empty.ProjectID.String()+"/economic-risk", env.Key, nil).JSON()["data"].(map[string]any)
	if pd["scans_analyzed"] != float64(0) || pd["aggregate_risk_score"] != float64(0) || pd["highest_severity"] != nil || pd["risk_level"] != "none" {
		t.Errorf("empty project: %v", pd)
	}
	ad := env.Do("GET", "/api/v1/scans/"+running.ID.String()+"/economic-analysis", env.Key, nil).JSON()["data"].(map[string]any)
	if ad["scan_status"] != "running" || ad["total_economic_findings"] != float64(0) || ad["risk_level"] != "none" {
		t.Errorf("running scan: %v", ad)
	}
	cd := env.Do("GET", "/api/v1/contracts/"+empty.ID.String()+"/economic-findings", env.Key, nil).JSON()["data"].(map[string]any)
	if cd["scan_id"] != nil || cd["total"] != float64(0) || len(cd["findings"].([]any)) != 0 {
		t.Errorf("never-scanned contract: %v", cd)
	}
}

func aiUsed(t *testing.T, env *servertest.Env, key string) int {
	org, _ := env.OrgOf(key)
	return countWhere(t, env, "SELECT coalesce(sum(used), 0) FROM usage_counters WHERE organization_id = ? AND metric = 'ai_explanations'", org)
}

// seedEconomicScan writes a completed scan of a new contract of key's
// organization with two economic findings.
func seedEconomicScan(env *servertest.Env, key string) *db.Scan {
	c := env.SeedContract(key, map[string]string{"V.sol": "contract V {}"})
	sc := env.SeedScan(c, "completed")
	env.SeedVulnerabilities(sc, 2, func(i int, v *db.Vulnerability) {
		v.Scanner, v.Category = "bulwark-economic", []string{"flash_loan", "oracle_mev"}[i]
		v.DetectorID = []string{"ECON-FLASH-CALLBACK-UNCHECKED", "ECON-ZERO-SLIPPAGE"}[i]
		v.Title = []string{"Flash-loan callback without caller or initiator check", "Swap without slippage protection"}[i]
		v.Snippet = "secret_snippet_" + fmt.Sprint(i)
		v.Description, v.Recommendation = "Why it matters.", "How to fix it."
	})
	return sc
}

// TestEconomicExplain: the plan gate, the monthly quota, one cached
// explanation per scan that re-reading does not spend, concurrent first
// reads spending once, and scans that have not completed.
func TestEconomicExplain(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	free := env.NewOrg("freebie", "free")
	if r := env.Do("GET", "/api/v1/scans/"+seedEconomicScan(env, free).ID.String()+"/economic-analysis/explain", free, nil); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Fatalf("free plan: %d %s", r.Status, r.Body)
	}
	if n := aiUsed(t, env, free); n != 0 {
		t.Errorf("free plan spent %d", n)
	}

	sc := seedEconomicScan(env, env.Key)
	path := "/api/v1/scans/" + sc.ID.String() + "/economic-analysis/explain"
	r := env.Do("GET", path, env.Key, nil)
	if r.Status != 200 {
		t.Fatalf("explain: %d %s", r.Status, r.Body)
	}
	first := r.JSON()["data"].(map[string]any)
	md, _ := first["explanation"].(string)
	for _, want := range []string{"# Economic risk of seeded", "Score 58/100, risk critical", "## 1. Flash-loan callback", "**Attack path:**",
		"1. Call the callback directly", "**Fix:** How to fix it.", "`Vault.sol:1`", "secret_snippet_0"} {
		if !strings.Contains(md, want) {
			t.Errorf("explanation lacks %q:\n%s", want, md)
		}
	}
	if first["model"] != "bulwark-builtin" || first["quota_remaining"] != float64(9) || first["scan_id"] != sc.ID.String() {
		t.Errorf("first explanation: %v", first)
	}
	second := env.Do("GET", path, env.Key, nil).JSON()["data"].(map[string]any)
	if second["explanation"] != md || second["generated_at"] != first["generated_at"] || second["quota_remaining"] != float64(9) {
		t.Errorf("re-read: %v", second)
	}
	if n := aiUsed(t, env, env.Key); n != 1 {
		t.Errorf("two reads spent %d explanations, want 1", n)
	}

	// Concurrent first reads of another scan spend once and agree.
	sc2 := seedEconomicScan(env, env.Key)
	var wg sync.WaitGroup
	texts := make([]string, 8)
	for i := range texts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := env.Do("GET", "/api/v1/scans/"+sc2.ID.String()+"/economic-analysis/explain", env.Key, nil)
			if r.Status == 200 {
				texts[i], _ = r.JSON()["data"].(map[string]any)["generated_at"].(string)
			}
		}()
	}
	wg.Wait()
	for _, x := range texts {
		if x == "" || x != texts[0] {
			t.Fatalf("concurrent reads disagree: %q", texts)
		}
	}
	if n := aiUsed(t, env, env.Key); n != 2 {
		t.Errorf("after concurrent reads %d explanations spent, want 2", n)
	}

	// A scan that has not completed cannot be explained, and spends nothing.
	queued := env.SeedScan(env.SeedContract(env.Key, map[string]string{"Q.sol": "contract Q {}"}), "queued")
	if r := env.Do("GET", "/api/v1/scans/"+queued.ID.String()+"/economic-analysis/explain", env.Key, nil); r.Status != 409 || r.ErrorCode() != "CONFLICT" {
		t.Errorf("queued scan: %d %s", r.Status, r.Body)
	}

	// The month's allowance spent: a new scan is refused, a cached one is
	// still read.
	org, _ := env.OrgOf(env.Key)
	if _, err := env.DB.NewUpdate().Model((*db.UsageCounter)(nil)).Set("used = 10").
		Where("organization_id = ? AND metric = 'ai_explanations'", org).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := env.Do("GET", "/api/v1/scans/"+seedEconomicScan(env, env.Key).ID.String()+"/economic-analysis/explain", env.Key, nil); r.Status != 429 || r.ErrorCode() != "QUOTA_EXCEEDED" {
		t.Errorf("quota spent: %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", path, env.Key, nil); r.Status != 200 || r.JSON()["data"].(map[string]any)["quota_remaining"] != float64(0) {
		t.Errorf("cached explanation with the quota spent: %d %s", r.Status, r.Body)
	}
	if n := aiUsed(t, env, env.Key); n != 10 {
		t.Errorf("refused and cached reads spent: %d, want 10", n)
	}
}

// fakeProvider is an OpenAI-compatible chat-completions endpoint whose
// behaviour a test sets: answer, fail, stall or talk nonsense.
type fakeProvider struct {
	mu       sync.Mutex
	mode     string
	requests []map[string]any
	auth     []string
}

func (f *fakeProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req map[string]any
	_ = json.Unmarshal(body, &req)
	f.mu.Lock()
	f.requests = append(f.requests, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	mode := f.mode
	f.mu.Unlock()
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	switch mode {
	case "ok":
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"## From the provider\nDetails."},"finish_reason":"stop"}]}`)
	case "500":
		http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusInternalServerError)
	case "malformed":
		fmt.Fprint(w, `{"choices": "not a list"`)
	case "empty":
		fmt.Fprint(w, `{"choices":[{"message":{"content":"   "}}]}`)
	case "slow":
		select {
		case <-time.After(3 * time.Second):
		case <-r.Context().Done():
		}
	}
}

// TestEconomicExplainProvider: an OpenAI-compatible provider writes the
// explanation; when it is slow, fails or answers nonsense the built-in
// explainer answers and the model says so; code goes to it only when the
// operator allows.
func TestEconomicExplainProvider(t *testing.T) {
	fake := &fakeProvider{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	for _, tc := range []struct {
		mode, wantModel, wantText string
		sendSource                bool
	}{
		{"ok", "test-model", "## From the provider", false},
		{"ok", "test-model", "## From the provider", true},
		{"500", "bulwark-builtin (fallback: test-model failed: HTTP 500)", "# Economic risk of seeded", false},
		{"malformed", "bulwark-builtin (fallback: test-model failed: malformed answer)", "# Economic risk of seeded", false},
		{"empty", "bulwark-builtin (fallback: test-model failed: empty answer)", "# Economic risk of seeded", false},
		{"slow", "bulwark-builtin (fallback: test-model failed: no answer within 300ms)", "# Economic risk of seeded", false},
	} {
		t.Run(fmt.Sprintf("%s/source=%v", tc.mode, tc.sendSource), func(t *testing.T) {
			env := servertest.New(t, servertest.Options{NoWorker: true, LLM: core.LLMConfig{URL: srv.URL + "/v1", APIKey: "sk-test",
				Model: "test-model", Timeout: 300 * time.Millisecond, SendSource: tc.sendSource}})
			fake.mu.Lock()
			fake.mode, fake.requests, fake.auth = tc.mode, nil, nil
			fake.mu.Unlock()
			sc := seedEconomicScan(env, env.Key)
			start := time.Now()
			r := env.Do("GET", "/api/v1/scans/"+sc.ID.String()+"/economic-analysis/explain", env.Key, nil)
			if r.Status != 200 {
				t.Fatalf("explain: %d %s", r.Status, r.Body)
			}
			if tc.mode == "slow" && time.Since(start) > 2*time.Second {
				t.Errorf("a stalled provider held the request %s", time.Since(start))
			}
			d := r.JSON()["data"].(map[string]any)
			if d["model"] != tc.wantModel || !strings.HasPrefix(d["explanation"].(string), tc.wantText) {
				t.Errorf("model %q, explanation %.60q", d["model"], d["explanation"])
			}
			fake.mu.Lock()
			defer fake.mu.Unlock()
			if len(fake.requests) != 1 || fake.auth[0] != "Bearer sk-test" || fake.requests[0]["model"] != "test-model" {
				t.Fatalf("provider saw %d requests, auth %q", len(fake.requests), fake.auth)
			}
			raw, _ := json.Marshal(fake.requests[0]["messages"])
			if sent := strings.Contains(string(raw), "secret_snippet_0"); sent != tc.sendSource {
				t.Errorf("code sent to the provider: %v, allowed: %v", sent, tc.sendSource)
			}
			if !strings.Contains(string(raw), "ECON-FLASH-CALLBACK-UNCHECKED") || !strings.Contains(string(raw), "Vault.sol:1") {
				t.Errorf("the provider was not told the findings: %s", raw)
			}
			// The explanation is cached: the provider is not asked again.
			fake.mode = "500"
			fake.mu.Unlock()
			again := env.Do("GET", "/api/v1/scans/"+sc.ID.String()+"/economic-analysis/explain", env.Key, nil).JSON()["data"].(map[string]any)
			fake.mu.Lock()
			if again["model"] != tc.wantModel || len(fake.requests) != 1 {
				t.Errorf("re-read asked the provider again or changed: %v, %d requests", again["model"], len(fake.requests))
			}
		})
	}
}
