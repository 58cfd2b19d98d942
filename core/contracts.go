package core

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Contract statuses: a contract is uploaded when its files are stored and
// analyzed once a scan of it completed. pending is reserved for uploads
// whose files arrive later; bulwark stores files in the upload request.
const (
	ContractPending  = "pending"
	ContractUploaded = "uploaded"
	ContractAnalyzed = "analyzed"
)

// ValidContractStatus reports whether st is a contract status.
func ValidContractStatus(st string) bool {
	return st == ContractPending || st == ContractUploaded || st == ContractAnalyzed
}

// ContractUpload is one upload request: the project, optional name and
// language, and the file parts.
type ContractUpload struct {
	ProjectID uuid.UUID
	Name      *string
	Language  *string
	Files     []UploadPart
}

// ContractFilter narrows a contract list; zero values do not filter.
type ContractFilter struct {
	Language  string
	ProjectID uuid.UUID
	Status    string
}

// UploadContract stores an uploaded bundle as a contract of the caller's
// organization: the contract, its files, the audit entry and the
// contract.uploaded event land in one transaction. The returned contract
// carries its files without their content.
func (s *Service) UploadContract(ctx context.Context, p *Principal, in ContractUpload) (*db.Contract, error) {
	var name string
	if in.Name != nil {
		if name = strings.TrimSpace(*in.Name); name == "" || len(name) > 255 || checkChars(name) != "" {
			return nil, Invalid("name", "invalid", "name must be 1 to 255 printable characters")
		}
	}
	if in.Language != nil && !ValidContractLanguage(*in.Language) {
		return nil, Invalid("language", "invalid", "language must be one of "+strings.Join(ContractLanguages, ", "))
	}
	if len(in.Files) == 0 {
		return nil, Missing("files")
	}
	// Refuse a foreign project before reading megabytes of archive.
	if _, err := s.project(ctx, s.DB, p.OrgID, in.ProjectID); err != nil {
		return nil, err
	}
	b, err := ReadBundle(in.Files, DefaultUploadLimits)
	if err != nil {
		return nil, err
	}
	if in.Language != nil && *in.Language != b.Language {
		return nil, Invalid("language", "mismatch",
			fmt.Sprintf("language is %s but the files are %s", *in.Language, b.Language))
	}
	if name == "" {
		name = b.Name
	}
	return s.storeBundle(ctx, p, in.ProjectID, name, b)
}

// UploadFiles stores files read elsewhere (the GitHub App's checkout of a
// commit) as a contract of project, with the checks of an upload: paths,
// one language, the file and bundle limits.
func (s *Service) UploadFiles(ctx context.Context, p *Principal, projectID uuid.UUID, name string, files []BundleFile) (*db.Contract, error) {
	if len(files) == 0 {
		return nil, Missing("files")
	}
	if len(files) > DefaultUploadLimits.MaxEntries {
		return nil, tooLarge("too_many_files", "a contract holds at most %d files", DefaultUploadLimits.MaxEntries)
	}
	var total int64
	for _, f := range files {
		if reason := checkEntryName(f.Path); reason != "" {
			return nil, Invalid("files", "invalid_name", fmt.Sprintf("path %q is not acceptable: %s", f.Path, reason))
		}
		if int64(len(f.Content)) > DefaultUploadLimits.MaxFileBytes {
			return nil, tooLarge("file_too_large", "%q exceeds the file limit of %d bytes", f.Path, DefaultUploadLimits.MaxFileBytes)
		}
		if total += int64(len(f.Content)); total > DefaultUploadLimits.MaxTotalBytes {
			return nil, tooLarge("bundle_too_large", "the files exceed the limit of %d bytes", DefaultUploadLimits.MaxTotalBytes)
		}
	}
	b, err := newBundle(slices.Clone(files))
	if err != nil {
		return nil, err
	}
	if _, err := s.project(ctx, s.DB, p.OrgID, projectID); err != nil {
		return nil, err
	}
	return s.storeBundle(ctx, p, projectID, truncateName(name, 255), b)
}

// storeBundle writes a checked bundle as a contract of projectID.
func (s *Service) storeBundle(ctx context.Context, p *Principal, projectID uuid.UUID, name string, b *Bundle) (*db.Contract, error) {
	now := s.Now()
	ct := &db.Contract{ID: newID(), OrganizationID: p.OrgID, ProjectID: projectID, Name: name,
		Language: b.Language, Status: ContractUploaded, FileCount: len(b.Files), TotalBytes: b.TotalBytes,
		SHA256: b.SHA256, CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// Again inside the transaction: the project may have gone meanwhile.
		if _, err := s.project(ctx, tx, p.OrgID, projectID); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(ct).Exec(ctx); err != nil {
			return fmt.Errorf("insert contract %s: %w", ct.ID, err)
		}
		// One row per statement: a bundle may reach 100 MB, and one
		// multi-row insert would build a query of that size at once.
		for _, f := range b.Files {
			row := &db.ContractFile{ID: newID(), ContractID: ct.ID, Path: f.Path, Size: int64(len(f.Content)),
				SHA256: f.SHA256, Content: f.Content}
			if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
				return fmt.Errorf("insert file %q of contract %s: %w", f.Path, ct.ID, err)
			}
			ct.Files = append(ct.Files, &db.ContractFile{ID: row.ID, ContractID: ct.ID, Path: f.Path,
				Size: row.Size, SHA256: f.SHA256})
		}
		meta := map[string]any{"name": ct.Name, "project_id": ct.ProjectID.String(), "language": ct.Language,
			"file_count": ct.FileCount, "total_bytes": ct.TotalBytes, "sha256": ct.SHA256}
		if err := s.audit(ctx, tx, p, "contract.uploaded", "contract", ct.ID.String(), meta); err != nil {
			return err
		}
		return s.emit(ctx, tx, p.OrgID, EventContractUploaded, nil, map[string]any{
			"contract_id": ct.ID.String(), "project_id": ct.ProjectID.String(), "name": ct.Name,
			"language": ct.Language, "file_count": ct.FileCount, "total_bytes": ct.TotalBytes})
	})
	if err != nil {
		return nil, err
	}
	return ct, nil
}

// GetContract loads one live contract of the caller's organization with its
// files' paths, sizes and hashes (never their content).
func (s *Service) GetContract(ctx context.Context, p *Principal, id uuid.UUID) (*db.Contract, error) {
	ct, err := s.contract(ctx, s.DB, p.OrgID, id)
	if err != nil {
		return nil, err
	}
	err = s.DB.NewSelect().Model(&ct.Files).Column("id", "contract_id", "path", "size", "sha256").
		Where("contract_id = ?", id).Order("path ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("load files of contract %s: %w", id, err)
	}
	return ct, nil
}

// contract loads a live (not deleted) contract of orgID.
func (s *Service) contract(ctx context.Context, q bun.IDB, orgID, id uuid.UUID) (*db.Contract, error) {
	ct := new(db.Contract)
	err := q.NewSelect().Model(ct).
		Where("id = ? AND organization_id = ? AND deleted_at IS NULL", id, orgID).Scan(ctx)
	if err != nil {
		return nil, dbErr(db.NotFoundErr(err), "contract")
	}
	return ct, nil
}

// ListContracts returns one page of the organization's live contracts,
// newest first, without their files.
func (s *Service) ListContracts(ctx context.Context, p *Principal, f ContractFilter, page db.Page) ([]db.Contract, db.PageResult, error) {
	var rows []db.Contract
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ? AND deleted_at IS NULL", p.OrgID)
	if f.Language != "" {
		q = q.Where("language = ?", f.Language)
	}
	if f.ProjectID != uuid.Nil {
		q = q.Where("project_id = ?", f.ProjectID)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}

// DeleteContract soft-deletes a contract: it disappears from reads and
// cannot be scanned, while its past scans and findings keep their
// reference. A contract with a queued or running scan is SCAN_IN_PROGRESS.
func (s *Service) DeleteContract(ctx context.Context, p *Principal, id uuid.UUID) error {
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ct := new(db.Contract)
		q := tx.NewSelect().Model(ct).
			Where("id = ? AND organization_id = ? AND deleted_at IS NULL", id, p.OrgID)
		if db.IsPostgres(tx) {
			// Lock the row so a scan created concurrently (which reads the
			// contract in its own transaction) waits for the delete.
			q = q.For("UPDATE")
		}
		if err := q.Scan(ctx); err != nil {
			return dbErr(db.NotFoundErr(err), "contract")
		}
		active, err := tx.NewSelect().Model((*db.Scan)(nil)).
			Where("contract_id = ? AND status IN (?)", id, bun.List(ActiveScanStatuses)).Exists(ctx)
		if err != nil {
			return fmt.Errorf("check scans of contract %s: %w", id, err)
		}
		if active {
			return Errorf(CodeScanInProgress, "contract %s has a queued or running scan; cancel it or wait for it to end", id)
		}
		now := s.Now()
		if _, err := tx.NewUpdate().Model((*db.Contract)(nil)).Set("deleted_at = ?", now).Set("updated_at = ?", now).
			Where("id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("delete contract %s: %w", id, err)
		}
		if err := s.audit(ctx, tx, p, "contract.deleted", "contract", id.String(), map[string]any{"name": ct.Name}); err != nil {
			return err
		}
		return s.emit(ctx, tx, p.OrgID, EventContractDeleted, nil, map[string]any{
			"contract_id": id.String(), "project_id": ct.ProjectID.String(), "name": ct.Name, "language": ct.Language})
	})
}

// markContractAnalyzed moves a contract to analyzed once a scan of it
// completed; the scan pipeline calls it in the transaction that completes
// the scan. Already analyzed contracts are left alone.
func (s *Service) markContractAnalyzed(ctx context.Context, tx bun.IDB, contractID uuid.UUID) error {
	_, err := tx.NewUpdate().Model((*db.Contract)(nil)).
		Set("status = ?", ContractAnalyzed).Set("updated_at = ?", s.Now()).
		Where("id = ? AND status <> ?", contractID, ContractAnalyzed).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark contract %s analyzed: %w", contractID, err)
	}
	return nil
}
