package app_test

import (
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"
)

// twentyFiles is a 20-file repository: a Foundry src/ with findings in
// some files, plus a lib/ dependency the selection leaves out.
func twentyFiles(seed int) map[string][]byte {
	m := map[string][]byte{"foundry.toml": []byte("[profile.default]\nsrc = \"src\"\n")}
	for i := 0; i < 20; i++ {
		body := fmt.Sprintf("pragma solidity ^0.8.20;\n\ncontract C%d {\n    uint256 public n%d;\n    function set(uint256 v) external { n%d = v + %d; }\n}\n", i, seed, seed, i)
		if i%5 == 0 {
			body = fmt.Sprintf("pragma solidity ^0.4.24;\n\ncontract P%d {\n    function forward(address c, bytes d) public {\n        require(c.delegatecall(d));\n    }\n    uint256 s%d;\n}\n", i, seed)
		}
		m[fmt.Sprintf("src/C%d.sol", i)] = []byte(body)
	}
	m["lib/dep/Dep.sol"] = []byte("pragma solidity ^0.8.0;\ncontract Dep {}\n")
	return m
}

func percentile(d []time.Duration, p float64) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

// BenchmarkWebhookToCheckRun measures a pull-request delivery, signed and
// posted to the real server, until its check run is completed on the fake
// GitHub (20-file repository, the test's database and Redis; embedded
// SQLite and in-process Redis unless BULWARK_TEST_* are set). It reports
// p50 and p99 over the events and the GitHub calls per event; the goals
// are ≤ 3 s p50, ≤ 5 s p99 and ≤ 8 calls plus one per 50 annotations.
func BenchmarkWebhookToCheckRun(b *testing.B) {
	e := newEnvTB(b)
	e.gh.AddInstallation(1, "Codertocat")
	e.gh.AddRepo(1, repoName)
	e.gh.AddCommit(repoName, shaMain, twentyFiles(0))
	e.installTB(b, 1)
	_, push := e.deliver("push", fixtureTB(b, "push.json", setInstallation(1)))
	e.waitRun(push)
	var lat []time.Duration
	calls := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sha := fmt.Sprintf("%040x", i+1)
		e.gh.AddCommit(repoName, sha, twentyFiles(i+1))
		e.gh.ResetCalls()
		start := time.Now()
		r, id := e.deliver("pull_request", fixtureTB(b, "pull_request.synchronize.json", setPull(sha)))
		if r.Status != 202 {
			b.Fatalf("delivery: %d %s", r.Status, r.Body)
		}
		e.waitRun(id)
		lat = append(lat, time.Since(start))
		calls += len(e.gh.Calls())
	}
	b.StopTimer()
	b.ReportMetric(float64(percentile(lat, 0.5).Milliseconds()), "p50-ms")
	b.ReportMetric(float64(percentile(lat, 0.99).Milliseconds()), "p99-ms")
	b.ReportMetric(float64(calls)/float64(b.N), "github-calls/event")
}

// BenchmarkWebhookBurst posts 100 pull-request deliveries within one
// second and reports the slowest answer (GitHub allows 10 s) and the time
// until every check run is completed.
func BenchmarkWebhookBurst(b *testing.B) {
	e := newEnvTB(b)
	e.gh.AddInstallation(1, "Codertocat")
	e.gh.AddRepo(1, repoName)
	e.installTB(b, 1)
	for n := 0; n < b.N; n++ {
		ids := make([]string, 100)
		var slowest time.Duration
		var mu sync.Mutex
		var wg sync.WaitGroup
		start := time.Now()
		for i := range ids {
			sha := fmt.Sprintf("%040x", n*1000+i+1)
			e.gh.AddCommit(repoName, sha, twentyFiles(i))
			body := fixtureTB(b, "pull_request.synchronize.json", func(m map[string]any) {
				setPull(sha)(m)
				m["number"] = 100 + i
				m["pull_request"].(map[string]any)["number"] = 100 + i
			})
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				t0 := time.Now()
				r, id := e.deliver("pull_request", body)
				d := time.Since(t0)
				mu.Lock()
				ids[i] = id
				slowest = max(slowest, d)
				mu.Unlock()
				if r.Status/100 != 2 {
					b.Errorf("delivery %d: %d %s", i, r.Status, r.Body)
				}
			}(i)
			time.Sleep(10 * time.Millisecond)
		}
		wg.Wait()
		for _, id := range ids {
			e.waitRun(id)
		}
		b.ReportMetric(float64(slowest.Milliseconds()), "slowest-answer-ms")
		b.ReportMetric(time.Since(start).Seconds(), "all-completed-s")
	}
}
