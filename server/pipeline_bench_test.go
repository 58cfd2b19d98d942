package server_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/db/dbtest"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// smartbugsZip zips the 143 SmartBugs Curated contracts (renamed to unique
// flat paths), or skips without ../shared.
func smartbugsZip(b *testing.B) []byte {
	dir, err := bench.SharedDir()
	if err != nil {
		b.Skip(err)
	}
	var entries []servertest.ZipEntry
	root := filepath.Join(dir, "bench", "smartbugs-curated", "dataset")
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".sol") {
			return err
		}
		body, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		entries = append(entries, servertest.ZipEntry{Name: filepath.ToSlash(rel), Body: body})
		return nil
	})
	if err != nil || len(entries) == 0 {
		b.Skipf("smartbugs corpus unreadable: %v", err)
	}
	return servertest.Zip(b, entries...)
}

func benchUpload(b *testing.B, env *servertest.Env, project string, zip []byte) string {
	r := env.Upload(env.Key, servertest.FilePart{Field: "project_id", Body: []byte(project)},
		servertest.FilePart{Field: "files", Filename: "corpus.zip", Body: zip})
	if r.Status != 201 {
		b.Fatalf("upload: %d %s", r.Status, r.Body)
	}
	return r.JSON()["id"].(string)
}

func benchWait(b *testing.B, env *servertest.Env, id string) map[string]any {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		r := env.Do("GET", "/api/v1/scans/"+id, env.Key, nil)
		data := r.JSON()["data"].(map[string]any)
		if st := data["status"]; st != "queued" && st != "running" {
			return data
		}
		time.Sleep(10 * time.Millisecond)
	}
	b.Fatalf("scan %s did not finish", id)
	return nil
}

// BenchmarkScan143FilesThroughAPI: POST /scans of the 143-file SmartBugs
// bundle until the scan is completed (findings and their events stored),
// on the test's database (PostgreSQL when BULWARK_TEST_DATABASE_URL is set).
func BenchmarkScan143FilesThroughAPI(b *testing.B) {
	zip := smartbugsZip(b)
	env := servertest.New(b, servertest.Options{})
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "bench"})
	contract := benchUpload(b, env, r.JSON()["id"].(string), zip)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := env.Do("POST", "/api/v1/scans", env.Key, map[string]any{"contract_id": contract})
		if r.Status != 202 {
			b.Fatalf("scan: %d %s", r.Status, r.Body)
		}
		if d := benchWait(b, env, r.JSON()["id"].(string)); d["status"] != "completed" {
			b.Fatalf("scan ended %v", d["status"])
		}
	}
}

// BenchmarkExportMillionFindingsCSV exports 1,000,000 findings as CSV on
// PostgreSQL (skipped elsewhere), reading the answer as a stream, and
// reports rows per second and the server process's peak heap in use
// during the export (sampled every 20 ms), which stays flat because rows
// come from keyset pages of 1,000.
func BenchmarkExportMillionFindingsCSV(b *testing.B) {
	if !dbtest.Postgres() {
		b.Skip("set BULWARK_TEST_DATABASE_URL: the million-row export is measured on PostgreSQL")
	}
	env := servertest.New(b, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract Vault {}"})
	sc := env.SeedScan(c, "completed")
	total := 1_000_000
	if n, err := strconv.Atoi(os.Getenv("BULWARK_BENCH_ROWS")); err == nil && n > 0 {
		total = n // a quicker run
	}
	for i := 0; i < total; i += 20_000 {
		env.SeedVulnerabilities(sc, min(20_000, total-i), nil)
	}
	// Statistics as autovacuum keeps them on a table that grew over time;
	// right after a bulk load the planner would think the table empty.
	if _, err := env.DB.ExecContext(context.Background(), "ANALYZE vulnerabilities"); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var peak atomic.Uint64
		stop := make(chan struct{})
		go func() {
			t := time.NewTicker(20 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					var m runtime.MemStats
					runtime.ReadMemStats(&m)
					if m.HeapInuse > peak.Load() {
						peak.Store(m.HeapInuse)
					}
				}
			}
		}()
		req, _ := http.NewRequest("GET", env.URL+"/api/v1/vulnerabilities/export.csv", nil)
		req.Header.Set("Authorization", "Bearer "+env.Key)
		start := time.Now()
		res, err := http.DefaultClient.Do(req) // no overall timeout: the file takes a while
		if err != nil {
			b.Fatal(err)
		}
		lines := 0
		buf := make([]byte, 64<<10)
		for {
			n, err := res.Body.Read(buf)
			lines += bytes.Count(buf[:n], []byte("\n"))
			if err != nil {
				break
			}
		}
		res.Body.Close()
		elapsed := time.Since(start)
		close(stop)
		if lines < total+1 {
			b.Fatalf("%d lines, want %d", lines, total+1)
		}
		b.ReportMetric(float64(total)/elapsed.Seconds(), "rows/s")
		b.ReportMetric(float64(peak.Load()-min(peak.Load(), base.HeapInuse))/(1<<20), "peak-heap-growth-MB")
	}
}
