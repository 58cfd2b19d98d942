package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// stubSolidity stands in for the Solidity language until the scanner's
// languages are registered: it claims .sol files and has no detectors. The
// embedded interface keeps it compiling as scanner.Language grows; it is
// only used while registry.Default() knows no Solidity.
type stubSolidity struct{ scanner.Language }

func (stubSolidity) Name() string         { return "solidity" }
func (stubSolidity) Extensions() []string { return []string{".sol"} }

// solidityEngine returns an engine that accepts .sol files: the real one
// once it has Solidity, else one with the stand-in.
func solidityEngine() *scanner.Engine {
	if e := registry.Default(); knows(e, "x.sol") {
		return e
	}
	return scanner.New(stubSolidity{})
}

func knows(e *scanner.Engine, path string) bool { _, ok := e.LanguageOf(path); return ok }

const vaultSol = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Vault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }
}
`

// scanBody is the envelope of a scan.
type scanBody struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
	Data      struct {
		ID              string  `json:"id"`
		OrganizationID  string  `json:"organization_id"`
		ProjectID       string  `json:"project_id"`
		ContractID      string  `json:"contract_id"`
		Status          string  `json:"status"`
		Preset          string  `json:"preset"`
		WebhookURL      *string `json:"webhook_url"`
		Summary         map[string]int
		DurationSeconds int      `json:"duration_seconds"`
		ScannersUsed    []string `json:"scanners_used"`
		Error           *struct {
			Code    string         `json:"code"`
			Message string         `json:"message"`
			Details map[string]any `json:"details"`
		} `json:"error"`
		StartedAt       *string          `json:"started_at"`
		CompletedAt     *string          `json:"completed_at"`
		Vulnerabilities []map[string]any `json:"vulnerabilities"`
		Errors          []map[string]any `json:"errors"`
	} `json:"data"`
}

func getScan(t *testing.T, env *servertest.Env, key, id, suffix string) scanBody {
	t.Helper()
	r := env.Do("GET", "/api/v1/scans/"+id+suffix, key, nil)
	if r.Status != 200 {
		t.Fatalf("GET scan %s%s = %d %s", id, suffix, r.Status, r.Body)
	}
	var b scanBody
	r.Decode(t, &b)
	return b
}

// waitScan polls until the scan leaves queued and running.
func waitScan(t *testing.T, env *servertest.Env, id string) scanBody {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		b := getScan(t, env, env.Key, id, "")
		if b.Status != "queued" && b.Status != "running" {
			return b
		}
		if time.Now().After(deadline) {
			t.Fatalf("scan %s still %s after 30s", id, b.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func createScan(t *testing.T, env *servertest.Env, key string, body map[string]any) scanBody {
	t.Helper()
	r := env.Do("POST", "/api/v1/scans", key, body)
	if r.Status != 202 {
		t.Fatalf("POST /scans = %d %s", r.Status, r.Body)
	}
	var b scanBody
	r.Decode(t, &b)
	return b
}

// eventsOf returns the outbox events of a scan, oldest first.
func eventsOf(t *testing.T, env *servertest.Env, scanID string) []db.Event {
	t.Helper()
	var evs []db.Event
	if err := env.DB.NewSelect().Model(&evs).Where("scan_id = ?", scanID).OrderExpr("created_at, id").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return evs
}

func countWhere(t *testing.T, env *servertest.Env, query string, args ...any) int {
	t.Helper()
	var n int
	if err := env.DB.NewRaw(query, args...).Scan(context.Background(), &n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func mustUUID(t *testing.T, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
