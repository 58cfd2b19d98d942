package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// BenchmarkVulnerabilitiesDeepPage measures GET /vulnerabilities pages of
// 100 over 1,000,000 findings on PostgreSQL: the first page, a keyset page
// at depth 999,900 and an offset page at the same depth. It needs
// BULWARK_TEST_DATABASE_URL and BULWARK_BENCH_DEEP=1 (seeding takes a
// while):
//
//	BULWARK_BENCH_DEEP=1 BULWARK_TEST_DATABASE_URL=postgres://… BULWARK_TEST_REDIS_URL=redis://… \
//	  go test ./server/ -run '^$' -bench BenchmarkVulnerabilitiesDeepPage -benchtime 20x
func BenchmarkVulnerabilitiesDeepPage(b *testing.B) {
	if os.Getenv("BULWARK_BENCH_DEEP") != "1" || !dbtest.Postgres() {
		b.Skip("set BULWARK_BENCH_DEEP=1 and BULWARK_TEST_DATABASE_URL to run")
	}
	const rows, depth = 1_000_000, 999_900
	env := servertest.New(b, servertest.Options{NoWorker: true})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "completed")
	base := time.Now().UTC().Truncate(time.Millisecond)
	start := time.Now()
	// One statement: every finding 1 ms older than the previous one. It
	// outlasts the pool's 10 s read timeout, so it gets its own connection.
	seeder := longConn(b, env)
	_, err := seeder.ExecContext(ctx, `INSERT INTO vulnerabilities (id, organization_id, project_id, contract_id, scan_id,
		detector_id, scanner, title, severity, status, category, confidence, risk_score, file, line, end_line, snippet,
		description, recommendation, cwe, swc, fingerprint, suppressed, detected_at, updated_at)
		SELECT md5(g::text)::uuid, ?, ?, ?, ?, 'SOL-BENCH', 'bulwark-solidity', 'Benchmark finding',
		(ARRAY['critical','high','medium','low'])[1 + g % 4], 'open', 'reentrancy', 0.8, 60, 'Vault.sol', g % 500, g % 500,
		'', '', '', '', '', md5(g::text), false, ?::timestamptz - g * interval '1 millisecond', ?::timestamptz
		FROM generate_series(0, ? - 1) AS g`,
		sc.OrganizationID, sc.ProjectID, sc.ContractID, sc.ID, base, base, rows)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := seeder.ExecContext(ctx, "ANALYZE vulnerabilities"); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d findings in %s", rows, time.Since(start).Round(time.Millisecond))
	var edge struct {
		T  time.Time `bun:"detected_at"`
		ID string    `bun:"id"`
	}
	err = env.DB.NewSelect().Model((*db.Vulnerability)(nil)).Column("detected_at", "id").
		OrderExpr("detected_at DESC, id DESC").Offset(depth-1).Limit(1).Scan(ctx, &edge.T, &edge.ID)
	if err != nil {
		b.Fatal(err)
	}
	orgID, _ := env.OrgOf(env.Key)
	var key db.Key
	key.T = edge.T
	if err := key.ID.UnmarshalText([]byte(edge.ID)); err != nil {
		b.Fatal(err)
	}
	cursor := env.Svc.Cursors.Encode(core.Scope{Endpoint: "vulnerabilities", OrgID: orgID}, key)
	// The service call alone (no HTTP, JSON or auth) isolates the query.
	p, err := env.Svc.Authenticate(ctx, env.Key)
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		page db.Page
	}{
		{"query/first_page", db.Page{Cursor: true, Limit: 100}},
		{"query/keyset_depth_1M", db.Page{Cursor: true, Limit: 100, After: &key}},
		{"query/offset_depth_1M", db.Page{Limit: 100, Skip: depth}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				rows, _, err := env.Svc.ListVulnerabilities(ctx, p, core.VulnerabilityFilter{}, tc.page)
				if err != nil || len(rows) != 100 {
					b.Fatalf("%d rows, %v", len(rows), err)
				}
			}
		})
	}
	for _, tc := range []struct{ name, q string }{
		{"http/first_page", "first=100"},
		{"http/keyset_depth_1M", "first=100&after=" + url.QueryEscape(cursor)},
		{"http/offset_depth_1M", fmt.Sprintf("skip=%d&limit=100", depth)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				r := env.Do("GET", "/api/v1/vulnerabilities?"+tc.q, env.Key, nil)
				if r.Status != 200 {
					b.Fatalf("%d %s", r.Status, r.Body)
				}
			}
		})
	}
}

// BenchmarkScanGetLoad drives authenticated GET /scans/{id} over loopback
// from 16 concurrent clients and reports requests per second and the 99th
// percentile latency. b.N is the request count, so -benchtime 5000x bounds
// it; every request also has a 10 s timeout.
//
//	go test ./server/ -run '^$' -bench BenchmarkScanGetLoad -benchtime 5000x
func BenchmarkScanGetLoad(b *testing.B) {
	env := servertest.New(b, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "completed")
	b.ResetTimer()
	res := drive(b, env.URL+"/api/v1/scans/"+sc.ID.String(), env.Key, b.N)
	b.StopTimer()
	res.report(b)
}

// loadResult is one closed-loop load run: throughput and latency quantiles.
type loadResult struct {
	rps      float64
	p50, p99 time.Duration
}

func (r loadResult) report(b *testing.B) {
	b.ReportMetric(r.rps, "req/s")
	b.ReportMetric(float64(r.p99.Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(r.p50.Microseconds())/1000, "p50-ms")
}

// drive sends n GETs of url (with key as bearer, when set) from 16
// concurrent clients over loopback; any answer but 200 fails b.
func drive(b *testing.B, url, key string, n int) loadResult {
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	const workers = 16
	lat := make([]time.Duration, n)
	var next atomic.Int64
	var failed atomic.Int64
	var wg sync.WaitGroup
	begin := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(n) {
					return
				}
				req, _ := http.NewRequest("GET", url, nil)
				if key != "" {
					req.Header.Set("Authorization", "Bearer "+key)
				}
				t0 := time.Now()
				resp, err := client.Do(req)
				if err == nil {
					_, _ = drain(resp)
					if resp.StatusCode != 200 {
						failed.Add(1)
					}
				} else {
					failed.Add(1)
				}
				lat[i] = time.Since(t0)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	if f := failed.Load(); f > 0 {
		b.Fatalf("%d of %d requests to %s failed", f, n, url)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return loadResult{rps: float64(n) / elapsed.Seconds(), p50: lat[len(lat)/2], p99: lat[(len(lat)*99)/100]}
}

// BenchmarkAPIReads is `make bench-api`: authenticated reads with the rate
// limiter on (an Enterprise organization with limits high enough not to
// refuse), each beside GET /healthz driven the same way in the same run,
// which is the machine's ceiling for a request through the server (no
// authentication, no limiter, no query). vs-healthz is the read's share of
// that ceiling. It runs on PostgreSQL and Redis when BULWARK_TEST_DATABASE_URL
// and BULWARK_TEST_REDIS_URL are set, else on the embedded defaults.
//
//	go test ./server/ -run '^$' -bench BenchmarkAPIReads -benchtime 5000x
func BenchmarkAPIReads(b *testing.B) {
	env := servertest.New(b, servertest.Options{NoWorker: true, RateLimit: true})
	key, _ := limitsBenchOrg(b, env)
	r := env.Do("POST", "/api/v1/projects", key, map[string]any{"name": "bench"})
	if r.Status != 201 {
		b.Fatalf("create project = %d %s", r.Status, r.Body)
	}
	project := r.JSON()["id"].(string)
	c := env.SeedContract(key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "completed")
	for _, tc := range []struct{ name, path string }{
		{"project", "/api/v1/projects/" + project},
		{"scan", "/api/v1/scans/" + sc.ID.String()},
		{"scan-list", "/api/v1/scans?first=20"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			drive(b, env.URL+tc.path, key, 200) // warm the key and the connections
			ceiling := drive(b, env.URL+"/healthz", "", b.N)
			b.ResetTimer()
			res := drive(b, env.URL+tc.path, key, b.N)
			b.StopTimer()
			res.report(b)
			b.ReportMetric(ceiling.rps, "healthz-req/s")
			b.ReportMetric(res.rps/ceiling.rps, "vs-healthz")
		})
	}
}

func drain(resp *http.Response) (int64, error) {
	defer resp.Body.Close()
	return io.Copy(io.Discard, resp.Body)
}

// longConn opens the env's PostgreSQL database with a long read timeout.
func longConn(b *testing.B, env *servertest.Env) *bun.DB {
	var name string
	if err := env.DB.NewRaw("SELECT current_database()").Scan(context.Background(), &name); err != nil {
		b.Fatal(err)
	}
	u, err := url.Parse(os.Getenv("BULWARK_TEST_DATABASE_URL"))
	if err != nil {
		b.Fatal(err)
	}
	u.Path = "/" + name
	sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(u.String()), pgdriver.WithTimeout(10*time.Minute)))
	bdb := bun.NewDB(sqldb, pgdialect.New())
	b.Cleanup(func() { bdb.Close() })
	return bdb
}
