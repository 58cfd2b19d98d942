package core

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// ProjectInput holds the writable fields of a project; nil means unchanged
// on update.
type ProjectInput struct {
	Name          *string
	Description   *string
	RepositoryURL *string
}

func (in ProjectInput) validate(create bool) error {
	if in.Name == nil {
		if create {
			return Missing("name")
		}
	} else if n := strings.TrimSpace(*in.Name); n == "" || len(n) > 255 {
		return Invalid("name", "invalid", "name must be 1 to 255 characters")
	}
	if in.Description != nil && len(*in.Description) > 4000 {
		return Invalid("description", "out_of_range", "description must be at most 4000 characters")
	}
	if in.RepositoryURL != nil && len(*in.RepositoryURL) > 2048 {
		return Invalid("repository_url", "out_of_range", "repository_url must be at most 2048 characters")
	}
	return nil
}

// CreateProject creates a project in the caller's organization.
func (s *Service) CreateProject(ctx context.Context, p *Principal, in ProjectInput) (*db.Project, error) {
	if err := in.validate(true); err != nil {
		return nil, err
	}
	now := s.Now()
	pr := &db.Project{ID: newID(), OrganizationID: p.OrgID, Name: strings.TrimSpace(*in.Name),
		CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
	if in.Description != nil {
		pr.Description = *in.Description
	}
	if in.RepositoryURL != nil {
		pr.RepositoryURL = *in.RepositoryURL
	}
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(pr).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return Errorf(CodeDuplicate, "a project named %q already exists", pr.Name)
			}
			return err
		}
		return s.audit(ctx, tx, p, "project.created", "project", pr.ID.String(), map[string]any{"name": pr.Name})
	})
	if err != nil {
		return nil, err
	}
	return pr, nil
}

// GetProject loads one project of the caller's organization.
func (s *Service) GetProject(ctx context.Context, p *Principal, id uuid.UUID) (*db.Project, error) {
	return s.project(ctx, s.DB, p.OrgID, id)
}

func (s *Service) project(ctx context.Context, q bun.IDB, orgID, id uuid.UUID) (*db.Project, error) {
	pr := new(db.Project)
	err := q.NewSelect().Model(pr).Where("id = ? AND organization_id = ?", id, orgID).Scan(ctx)
	if err != nil {
		return nil, dbErr(db.NotFoundErr(err), "project")
	}
	return pr, nil
}

// ListProjects returns one page of the organization's projects, newest first.
func (s *Service) ListProjects(ctx context.Context, p *Principal, page db.Page) ([]db.Project, db.PageResult, error) {
	var rows []db.Project
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ?", p.OrgID)
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}

// UpdateProject changes the given fields.
func (s *Service) UpdateProject(ctx context.Context, p *Principal, id uuid.UUID, in ProjectInput) (*db.Project, error) {
	if err := in.validate(false); err != nil {
		return nil, err
	}
	var pr *db.Project
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if pr, err = s.project(ctx, tx, p.OrgID, id); err != nil {
			return err
		}
		if in.Name != nil {
			pr.Name = strings.TrimSpace(*in.Name)
		}
		if in.Description != nil {
			pr.Description = *in.Description
		}
		if in.RepositoryURL != nil {
			pr.RepositoryURL = *in.RepositoryURL
		}
		pr.UpdatedAt = s.Now()
		if _, err := tx.NewUpdate().Model(pr).WherePK().Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return Errorf(CodeDuplicate, "a project named %q already exists", pr.Name)
			}
			return err
		}
		return s.audit(ctx, tx, p, "project.updated", "project", pr.ID.String(), nil)
	})
	if err != nil {
		return nil, err
	}
	return pr, nil
}

// DeleteProject removes a project with its contracts, scans, findings and
// triage. A project with a queued or running scan is SCAN_IN_PROGRESS.
func (s *Service) DeleteProject(ctx context.Context, p *Principal, id uuid.UUID) error {
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.project(ctx, tx, p.OrgID, id); err != nil {
			return err
		}
		active, err := tx.NewSelect().Model((*db.Scan)(nil)).
			Where("project_id = ? AND status IN (?)", id, bun.List(ActiveScanStatuses)).Exists(ctx)
		if err != nil {
			return err
		}
		if active {
			return Errorf(CodeScanInProgress, "the project has a queued or running scan")
		}
		for _, m := range []any{(*db.Vulnerability)(nil), (*db.Scan)(nil), (*db.GateEvaluation)(nil), (*db.QualityGate)(nil)} {
			if _, err := tx.NewDelete().Model(m).Where("project_id = ?", id).Exec(ctx); err != nil {
				return err
			}
		}
		if _, err := tx.NewDelete().Model((*db.Triage)(nil)).
			Where("organization_id = ? AND project_id = ?", p.OrgID, id).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*db.ContractFile)(nil)).
			Where("contract_id IN (?)", tx.NewSelect().Model((*db.Contract)(nil)).Column("id").Where("project_id = ?", id)).
			Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*db.Contract)(nil)).Where("project_id = ?", id).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*db.Project)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "project.deleted", "project", id.String(), nil)
	})
}
