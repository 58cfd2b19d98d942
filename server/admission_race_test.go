package server_test

import (
	"sync"
	"testing"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestConcurrentScanAdmission fires 50 simultaneous POST /scans at a
// Developer organization (3 concurrent scans) with no worker draining the
// queue: at most 3 are accepted and every other answer is 429
// CONCURRENT_LIMIT, on SQLite and on PostgreSQL alike.
func TestConcurrentScanAdmission(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	key := env.NewOrg("racers", "developer")
	c := env.SeedContract(key, map[string]string{"A.sol": "pragma solidity ^0.8.0;\ncontract A {}\n"})
	const n = 50
	status := make([]int, n)
	codes := make([]string, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := env.Do("POST", "/api/v1/scans", key, map[string]any{"contract_id": c.ID.String()})
			status[i], codes[i] = r.Status, r.ErrorCode()
		}()
	}
	close(start)
	wg.Wait()
	accepted := 0
	for i := range n {
		switch {
		case status[i] == 202:
			accepted++
		case status[i] == 429 && codes[i] == "CONCURRENT_LIMIT":
		default:
			t.Errorf("request %d = %d %s, want 202 or 429 CONCURRENT_LIMIT", i, status[i], codes[i])
		}
	}
	if accepted != 3 {
		t.Errorf("accepted %d of %d simultaneous scans, want exactly the plan's 3", accepted, n)
	}
	var rows int
	if err := env.DB.NewRaw("SELECT count(*) FROM scans WHERE contract_id = ?", c.ID).Scan(t.Context(), &rows); err != nil {
		t.Fatal(err)
	}
	if rows != accepted {
		t.Errorf("scan rows = %d, accepted = %d", rows, accepted)
	}
}
