package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/jobs"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// manyFindings is a contract with n functions that each authorise with
// tx.origin: n findings, n vulnerability.found events.
func manyFindings(n int) string {
	var b strings.Builder
	b.WriteString("pragma solidity ^0.8.0;\ncontract Many {\n  address owner;\n")
	for i := range n {
		fmt.Fprintf(&b, "  function f%d(address payable to) external { require(tx.origin == owner); to.transfer(1); }\n", i)
	}
	b.WriteString("}\n")
	return b.String()
}

// TestScanQueriesDoNotGrowWithFindings counts the database statements of a
// scan task, start to completion, for 5 and for 300 findings. Findings and
// their events are written in multi-row INSERTs, so the count may grow by a
// statement per 500 rows, never by one per finding.
func TestScanQueriesDoNotGrowWithFindings(t *testing.T) {
	count := func(n int) (queries int64, findings int) {
		env := servertest.New(t, servertest.Options{NoWorker: true})
		c := env.SeedContract(env.Key, map[string]string{"Many.sol": manyFindings(n)})
		r := env.Do("POST", "/api/v1/scans", env.Key, map[string]any{"contract_id": c.ID.String()})
		if r.Status != 202 {
			t.Fatalf("POST /scans = %d %s", r.Status, r.Body)
		}
		id := uuid.MustParse(r.JSON()["id"].(string))
		task, _, err := jobs.NewScanRunTask(id, c.OrganizationID)
		if err != nil {
			t.Fatal(err)
		}
		q := &countQueries{}
		//lint:ignore SA1019 the hook must see the queries of the service that shares this *bun.DB; WithQueryHook returns a copy
		env.DB.AddQueryHook(q)
		if err := (&jobs.ScanRunner{Service: env.Svc}).ProcessTask(context.Background(), task); err != nil {
			t.Fatalf("scan task: %v", err)
		}
		queries = q.n.Load()
		sc := getScan(t, env, env.Key, id.String(), "")
		if sc.Status != "completed" {
			t.Fatalf("scan = %+v", sc)
		}
		for _, k := range []string{"critical", "high", "medium", "low"} {
			findings += sc.Data.Summary[k]
		}
		return queries, findings
	}
	fewQ, few := count(5)
	manyQ, many := count(300)
	if few != 5 || many != 300 {
		t.Fatalf("findings = %d and %d, want 5 and 300", few, many)
	}
	if manyQ > fewQ+2 {
		t.Errorf("a scan with 300 findings ran %d statements, one with 5 ran %d: writes grow with findings", manyQ, fewQ)
	}
	t.Logf("statements per scan task: %d (5 findings), %d (300 findings)", fewQ, manyQ)
}
