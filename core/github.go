package core

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// The GitHub App's tenancy: each installation belongs to one organization
// (its own, created with it, or an existing one an admin linked with OAuth
// proof), and each repository it grants gets a project there. Package app
// calls these; everything that writes also writes the audit entry.

// GitHubAgent is the user agent of the App's audit entries.
const GitHubAgent = "bulwark-github-app"

// GitHubAccount is the account an installation is on.
type GitHubAccount struct {
	InstallationID int64
	Login, Type    string
}

// GitHubRepo is a repository as GitHub's payloads describe it.
type GitHubRepo struct {
	ID       int64
	FullName string
	Private  bool
}

// AppPrincipal is the actor of what the App does in orgID: the owner role
// and every scope of the organization's plan, with the webhook delivery id
// as request id.
func AppPrincipal(orgID uuid.UUID, plan, delivery string) *Principal {
	return &Principal{OrgID: orgID, Role: RoleOwner, Plan: plan, Scopes: []string{"*"}, Agent: GitHubAgent, Request: delivery}
}

// GitHubInstallation loads an installation; RESOURCE_NOT_FOUND when unknown.
func (s *Service) GitHubInstallation(ctx context.Context, id int64) (*db.GitHubInstallation, error) {
	in := new(db.GitHubInstallation)
	if err := s.DB.NewSelect().Model(in).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, dbErr(db.NotFoundErr(err), "installation")
	}
	return in, nil
}

// InstallGitHub records an installation (installation.created, or any
// installation event of one not seen yet) with its repositories. A new
// installation gets its own organization, named after the account, on
// plan. Recording an installation already known only adds repositories;
// a deleted one stays deleted (GitHub gives a reinstall a new id).
func (s *Service) InstallGitHub(ctx context.Context, acct GitHubAccount, repos []GitHubRepo, plan, delivery string) (*db.GitHubInstallation, bool, error) {
	if acct.InstallationID <= 0 {
		return nil, false, Invalid("installation.id", "invalid", "installation id must be a positive integer")
	}
	if !ValidPlan(plan) {
		return nil, false, fmt.Errorf("plan %q is not a plan", plan)
	}
	var in *db.GitHubInstallation
	created := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		in = new(db.GitHubInstallation)
		err := tx.NewSelect().Model(in).Where("id = ?", acct.InstallationID).Scan(ctx)
		switch {
		case err == nil:
		case errors.Is(db.NotFoundErr(err), db.ErrNotFound):
			created = true
			now := s.Now()
			name := truncateName(strings.TrimSpace(acct.Login), 200)
			if name == "" || checkChars(name) != "" {
				name = fmt.Sprintf("github-installation-%d", acct.InstallationID)
			}
			org := &db.Organization{ID: newID(), Name: name, Plan: plan, SigningSecret: NewSigningSecret(), CreatedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(org).Exec(ctx); err != nil {
				return err
			}
			in = &db.GitHubInstallation{ID: acct.InstallationID, OrganizationID: org.ID, AccountLogin: acct.Login,
				AccountType: acct.Type, CreatedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(in).Exec(ctx); err != nil {
				return err
			}
			p := AppPrincipal(org.ID, plan, delivery)
			if err := s.audit(ctx, tx, p, "organization.created", "organization", org.ID.String(),
				map[string]any{"name": name, "plan": plan, "github_installation_id": acct.InstallationID}); err != nil {
				return err
			}
			if err := s.audit(ctx, tx, p, "github.installation.created", "github_installation", fmt.Sprint(in.ID),
				map[string]any{"account": acct.Login, "account_type": acct.Type}); err != nil {
				return err
			}
		default:
			return err
		}
		return s.addGitHubRepos(ctx, tx, in, repos, delivery)
	})
	if err != nil {
		return nil, false, err
	}
	return in, created, nil
}

// addGitHubRepos records repositories granted to an installation (again,
// for one removed before).
func (s *Service) addGitHubRepos(ctx context.Context, tx bun.IDB, in *db.GitHubInstallation, repos []GitHubRepo, delivery string) error {
	now := s.Now()
	for _, r := range repos {
		if r.ID <= 0 || r.FullName == "" {
			continue
		}
		cur := new(db.GitHubRepository)
		err := tx.NewSelect().Model(cur).Where("id = ?", r.ID).Scan(ctx)
		switch {
		case errors.Is(db.NotFoundErr(err), db.ErrNotFound):
			row := &db.GitHubRepository{ID: r.ID, InstallationID: in.ID, FullName: r.FullName, Private: r.Private,
				CreatedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
				return fmt.Errorf("record repository %s: %w", r.FullName, err)
			}
			continue
		case err != nil:
			return err
		}
		// A repository moved between installations follows the new one;
		// its project stays in the old organization.
		if cur.InstallationID != in.ID {
			cur.ProjectID = nil
		}
		cur.InstallationID, cur.FullName, cur.Private, cur.RemovedAt, cur.UpdatedAt = in.ID, r.FullName, r.Private, nil, now
		if _, err := tx.NewUpdate().Model(cur).WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("record repository %s: %w", r.FullName, err)
		}
	}
	if len(repos) == 0 {
		return nil
	}
	names := make([]string, 0, len(repos))
	for _, r := range repos {
		names = append(names, r.FullName)
	}
	return s.audit(ctx, tx, AppPrincipal(in.OrganizationID, "", delivery), "github.repositories.added",
		"github_installation", fmt.Sprint(in.ID), map[string]any{"repositories": names})
}

// AddGitHubRepositories records installation_repositories.added.
func (s *Service) AddGitHubRepositories(ctx context.Context, in *db.GitHubInstallation, repos []GitHubRepo, delivery string) error {
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		return s.addGitHubRepos(ctx, tx, in, repos, delivery)
	})
}

// RemoveGitHubRepositories records installation_repositories.removed: the
// repositories get no more scans; their projects and history stay.
func (s *Service) RemoveGitHubRepositories(ctx context.Context, in *db.GitHubInstallation, repos []GitHubRepo, delivery string) error {
	if len(repos) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(repos))
	names := make([]string, 0, len(repos))
	for _, r := range repos {
		ids = append(ids, r.ID)
		names = append(names, r.FullName)
	}
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Model((*db.GitHubRepository)(nil)).Set("removed_at = ?", s.Now()).
			Set("updated_at = ?", s.Now()).Where("installation_id = ? AND id IN (?)", in.ID, bun.List(ids)).Exec(ctx)
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, AppPrincipal(in.OrganizationID, "", delivery), "github.repositories.removed",
			"github_installation", fmt.Sprint(in.ID), map[string]any{"repositories": names})
	})
}

// Installation state changes of the installation event.
const (
	GitHubSuspend   = "suspend"
	GitHubUnsuspend = "unsuspend"
	GitHubDelete    = "deleted"
	GitHubAccepted  = "new_permissions_accepted"
)

// SetGitHubInstallationState applies an installation event's action.
func (s *Service) SetGitHubInstallationState(ctx context.Context, in *db.GitHubInstallation, action, delivery string) error {
	now := s.Now()
	q := s.DB.NewUpdate().Model((*db.GitHubInstallation)(nil)).Set("updated_at = ?", now).Where("id = ?", in.ID)
	switch action {
	case GitHubSuspend:
		q = q.Set("suspended_at = ?", now)
	case GitHubUnsuspend:
		q = q.Set("suspended_at = NULL")
	case GitHubDelete:
		q = q.Set("deleted_at = ?", now)
	case GitHubAccepted:
	default:
		return fmt.Errorf("unknown installation action %q", action)
	}
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := q.Conn(tx).Exec(ctx); err != nil {
			return err
		}
		verb := map[string]string{GitHubSuspend: "suspended", GitHubUnsuspend: "unsuspended", GitHubDelete: "deleted",
			GitHubAccepted: "permissions_accepted"}[action]
		return s.audit(ctx, tx, AppPrincipal(in.OrganizationID, "", delivery), "github.installation."+verb,
			"github_installation", fmt.Sprint(in.ID), map[string]any{"account": in.AccountLogin})
	})
}

// GitHubProject returns the project of a repository of an active
// installation, creating the repository row and the project on first use.
// A repository removed from the installation is NOT_FOUND.
func (s *Service) GitHubProject(ctx context.Context, in *db.GitHubInstallation, r GitHubRepo, webURL, delivery string) (*db.Project, error) {
	var pr *db.Project
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		row := new(db.GitHubRepository)
		// Two first events of a repository at once (a push and GitHub's
		// check_suite request) must make one project: on PostgreSQL the
		// row is locked until this transaction commits, and the second
		// waits and finds the project. (SQLite serialises writers; a
		// repository row inserted by both fails the second, whose task is
		// retried.)
		load := func() error {
			q := tx.NewSelect().Model(row).Where("id = ?", r.ID)
			if db.IsPostgres(tx) {
				q = q.For("UPDATE")
			}
			return q.Scan(ctx)
		}
		err := load()
		if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
			if err := s.addGitHubRepos(ctx, tx, in, []GitHubRepo{r}, delivery); err != nil {
				return err
			}
			err = load()
		}
		if err != nil {
			return err
		}
		if row.InstallationID != in.ID || row.RemovedAt != nil {
			return Errorf(CodeNotFound, "repository %s is not granted to installation %d", r.FullName, in.ID)
		}
		if row.ProjectID != nil {
			p, err := s.project(ctx, tx, in.OrganizationID, *row.ProjectID)
			if err == nil {
				pr = p
				return nil
			}
			if !IsCode(err, CodeNotFound) {
				return err
			}
		}
		// First use (or the project was deleted): a project named after
		// the repository, in the installation's organization.
		now := s.Now()
		url := strings.TrimSuffix(webURL, "/") + "/" + row.FullName
		pr = &db.Project{ID: newID(), OrganizationID: in.OrganizationID, Name: row.FullName, RepositoryURL: url,
			Description: "GitHub repository " + row.FullName, CreatedAt: now, UpdatedAt: now}
		for i := 2; ; i++ {
			exists, err := tx.NewSelect().Model((*db.Project)(nil)).
				Where("organization_id = ? AND name = ?", in.OrganizationID, pr.Name).Exists(ctx)
			if err != nil {
				return err
			}
			if !exists {
				break
			}
			pr.Name = fmt.Sprintf("%s (%d)", row.FullName, i)
		}
		if _, err := tx.NewInsert().Model(pr).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*db.GitHubRepository)(nil)).Set("project_id = ?", pr.ID).
			Where("id = ?", r.ID).Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, AppPrincipal(in.OrganizationID, "", delivery), "project.created", "project",
			pr.ID.String(), map[string]any{"name": pr.Name, "github_repository": row.FullName})
	})
	return pr, err
}

// LinkGitHubInstallation moves an installation to the caller's
// organization. The caller must be an admin there, and the caller of this
// function must already hold GitHub's proof that the user who installed
// the App can see the installation (app checks it through OAuth and
// GET /user/installations). The repositories start new projects in the
// new organization; the old organization keeps its history and gets no
// more scans.
func (s *Service) LinkGitHubInstallation(ctx context.Context, p *Principal, id int64) (*db.GitHubInstallation, error) {
	if !p.AtLeast(RoleAdmin) {
		return nil, Errorf(CodePermissionDenied, "linking a GitHub installation needs the admin role")
	}
	var in *db.GitHubInstallation
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		in = new(db.GitHubInstallation)
		if err := tx.NewSelect().Model(in).Where("id = ?", id).Scan(ctx); err != nil {
			return dbErr(db.NotFoundErr(err), "installation")
		}
		if in.DeletedAt != nil {
			return Errorf(CodeNotFound, "installation %d was deleted", id)
		}
		old := in.OrganizationID
		if old == p.OrgID {
			return nil
		}
		user := p.UserID
		in.OrganizationID, in.LinkedBy, in.UpdatedAt = p.OrgID, &user, s.Now()
		if _, err := tx.NewUpdate().Model(in).Column("organization_id", "linked_by", "updated_at").WherePK().Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*db.GitHubRepository)(nil)).Set("project_id = NULL").
			Where("installation_id = ?", id).Exec(ctx); err != nil {
			return err
		}
		meta := map[string]any{"account": in.AccountLogin, "from_organization_id": old.String(), "to_organization_id": p.OrgID.String()}
		if err := s.audit(ctx, tx, p, "github.installation.linked", "github_installation", fmt.Sprint(id), meta); err != nil {
			return err
		}
		return s.audit(ctx, tx, AppPrincipal(old, "", p.Request), "github.installation.unlinked", "github_installation", fmt.Sprint(id), meta)
	})
	if err != nil {
		return nil, err
	}
	return in, nil
}

// RecordGitHubDelivery stores an accepted delivery; it reports false when
// the delivery was recorded before (a redelivery).
func (s *Service) RecordGitHubDelivery(ctx context.Context, d *db.GitHubDelivery) (bool, error) {
	d.ReceivedAt = s.Now()
	res, err := s.DB.NewInsert().Model(d).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ForgetGitHubDelivery removes a delivery whose work could not be queued,
// so that GitHub's redelivery is not taken for a duplicate.
func (s *Service) ForgetGitHubDelivery(ctx context.Context, id string) error {
	_, err := s.DB.NewDelete().Model((*db.GitHubDelivery)(nil)).Where("id = ?", id).Exec(ctx)
	return err
}

// MemberPrincipal is the principal of a user acting in orgID with the
// role they hold there now (for flows that carry a user and organization
// across a redirect, such as the App's setup URL). A user who is no
// longer a member is PERMISSION_DENIED.
func (s *Service) MemberPrincipal(ctx context.Context, orgID, userID uuid.UUID, request string) (*Principal, error) {
	m, err := db.GetMembership(ctx, s.DB, orgID, userID)
	if err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return nil, Errorf(CodePermissionDenied, "the user is not a member of the organization")
		}
		return nil, err
	}
	org, err := db.GetOrganization(ctx, s.DB, orgID)
	if err != nil {
		return nil, dbErr(err, "organization")
	}
	return &Principal{OrgID: orgID, UserID: userID, Role: m.Role, Plan: org.Plan, Scopes: []string{"*"},
		Agent: GitHubAgent, Request: request}, nil
}
