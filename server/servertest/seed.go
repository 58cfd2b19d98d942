package servertest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"path"
	"sort"
	"strings"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
)

// OrgOf returns the organization and user ids behind an API key.
func (e *Env) OrgOf(key string) (orgID, userID uuid.UUID) {
	e.T.Helper()
	p, err := e.Svc.Authenticate(context.Background(), key)
	if err != nil {
		e.T.Fatalf("servertest: resolve key: %v", err)
	}
	return p.OrgID, p.UserID
}

var seedLanguages = map[string]string{".sol": "solidity", ".vy": "vyper", ".rs": "rust", ".move": "move", ".cairo": "cairo"}

// SeedContract writes a project and a contract holding files (path →
// source) straight into the database for the organization of key, without
// the upload endpoint. The language is inferred from the first path.
func (e *Env) SeedContract(key string, files map[string]string) *db.Contract {
	e.T.Helper()
	ctx := context.Background()
	org, user := e.OrgOf(key)
	now := e.Svc.Now()
	pr := &db.Project{ID: uuid.Must(uuid.NewV7()), OrganizationID: org, Name: "seed-" + uuid.NewString()[:8],
		CreatedBy: user, CreatedAt: now, UpdatedAt: now}
	if _, err := e.DB.NewInsert().Model(pr).Exec(ctx); err != nil {
		e.T.Fatalf("servertest: seed project: %v", err)
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	lang := "solidity"
	if len(paths) > 0 {
		if l, ok := seedLanguages[strings.ToLower(path.Ext(paths[0]))]; ok {
			lang = l
		}
	}
	c := &db.Contract{ID: uuid.Must(uuid.NewV7()), OrganizationID: org, ProjectID: pr.ID, Name: "seeded",
		Language: lang, Status: "uploaded", FileCount: len(files), CreatedBy: user, CreatedAt: now, UpdatedAt: now}
	all := sha256.New()
	var rows []db.ContractFile
	for _, p := range paths {
		src := []byte(files[p])
		sum := sha256.Sum256(src)
		all.Write(sum[:])
		c.TotalBytes += int64(len(src))
		rows = append(rows, db.ContractFile{ID: uuid.Must(uuid.NewV7()), ContractID: c.ID, Path: p,
			Size: int64(len(src)), SHA256: hex.EncodeToString(sum[:]), Content: src})
	}
	c.SHA256 = hex.EncodeToString(all.Sum(nil))
	if _, err := e.DB.NewInsert().Model(c).Exec(ctx); err != nil {
		e.T.Fatalf("servertest: seed contract: %v", err)
	}
	if len(rows) > 0 {
		if _, err := e.DB.NewInsert().Model(&rows).Exec(ctx); err != nil {
			e.T.Fatalf("servertest: seed contract files: %v", err)
		}
	}
	return c
}

// SeedScan writes a scan of contract c with the given status.
func (e *Env) SeedScan(c *db.Contract, status string) *db.Scan {
	e.T.Helper()
	now := e.Svc.Now()
	sc := &db.Scan{ID: uuid.Must(uuid.NewV7()), OrganizationID: c.OrganizationID, ProjectID: c.ProjectID,
		ContractID: c.ID, Status: status, Preset: "standard", ScannersUsed: []string{}, FileErrors: []db.FileError{},
		CreatedBy: c.CreatedBy, CreatedAt: now, UpdatedAt: now}
	if status != "queued" {
		sc.StartedAt = &now
	}
	if status == "completed" || status == "failed" || status == "cancelled" {
		sc.CompletedAt = &now
	}
	if _, err := e.DB.NewInsert().Model(sc).Exec(context.Background()); err != nil {
		e.T.Fatalf("servertest: seed scan: %v", err)
	}
	return sc
}

// SeedVulnerabilities writes n open high-severity findings of scan sc;
// edit, when given, adjusts finding i before it is written.
func (e *Env) SeedVulnerabilities(sc *db.Scan, n int, edit func(i int, v *db.Vulnerability)) []db.Vulnerability {
	e.T.Helper()
	now := e.Svc.Now()
	rows := make([]db.Vulnerability, n)
	for i := range rows {
		v := &rows[i]
		*v = db.Vulnerability{ID: uuid.Must(uuid.NewV7()), OrganizationID: sc.OrganizationID,
			ProjectID: sc.ProjectID, ContractID: sc.ContractID, ScanID: sc.ID, DetectorID: "SOL-TEST",
			Scanner: "bulwark-solidity", Title: "Test finding", Severity: "high", Status: "open",
			Category: "reentrancy", Confidence: 0.8, RiskScore: 60, File: "Vault.sol", Line: i + 1, EndLine: i + 1,
			Fingerprint: uuid.NewString(), DetectedAt: now, UpdatedAt: now}
		if edit != nil {
			edit(i, v)
		}
	}
	for i := 0; i < n; i += 500 {
		batch := rows[i:min(i+500, n)]
		if _, err := e.DB.NewInsert().Model(&batch).Exec(context.Background()); err != nil {
			e.T.Fatalf("servertest: seed vulnerabilities: %v", err)
		}
	}
	return rows
}
