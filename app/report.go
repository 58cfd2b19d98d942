package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// report answers on GitHub for a finished run.
func (a *App) report(ctx context.Context, id uuid.UUID) error {
	run := new(db.GitHubRun)
	if err := a.svc.DB.NewSelect().Model(run).Where("id = ?", id).Scan(ctx); err != nil {
		if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
			return nil
		}
		return &retryable{err: err}
	}
	if run.CompletedAt != nil || run.ScanID == nil {
		return nil
	}
	in, err := a.svc.GitHubInstallation(ctx, run.InstallationID)
	if err != nil && !core.IsCode(err, core.CodeNotFound) {
		return &retryable{err: err}
	}
	if err != nil || !in.Active() {
		// Suspended or deleted since: no more calls. (An installation
		// linked to another organization meanwhile still gets this run's
		// answer, from the organization that ran it.)
		now := a.svc.Now()
		run.CompletedAt, run.Error = &now, "the installation is no longer active"
		_, err := a.svc.DB.NewUpdate().Model(run).Column("completed_at", "error").WherePK().Exec(ctx)
		return err
	}
	rep, err := a.svc.ScanReportOf(ctx, run.OrganizationID, *run.ScanID)
	if err != nil {
		if core.IsCode(err, core.CodeNotFound) {
			return nil
		}
		return &retryable{err: err}
	}
	if rep.Scan.Status == core.ScanQueued || rep.Scan.Status == core.ScanRunning {
		return &retryable{err: fmt.Errorf("scan %s is still %s", rep.Scan.ID, rep.Scan.Status), after: time.Minute}
	}
	if run.Silent {
		return a.finish(ctx, run, "")
	}
	gh, err := a.client(in.ID)
	if err != nil {
		return err
	}
	var cmp *comparison
	if run.PullNumber > 0 {
		if cmp, err = a.compare(ctx, run, rep, lastAttempt(ctx)); err != nil {
			if isRetryable(err) {
				return err
			}
			return &retryable{err: err}
		}
	}
	v := verdictOf(run, rep)
	link := a.svc.Reports.URL(rep.Scan.ID, a.svc.Now())
	r := &rendering{web: a.cfg.WebURL, run: run, rep: rep, v: v, cmp: cmp, link: link}
	last := lastAttempt(ctx)
	if err := a.complete(ctx, gh, run, v, r.summary(), r.annotations(), last); err != nil {
		return err
	}
	if run.PullNumber > 0 {
		if err := a.upsertComment(ctx, gh, run, r.comment()); err != nil {
			if isRetryable(err) && !last {
				return err
			}
			a.log.Error("github pull-request comment failed; giving up", "run", run.ID, "err", err)
		}
	}
	if err := a.finish(ctx, run, v.conclusion); err != nil {
		return &retryable{err: err}
	}
	return nil
}

// comparison is a pull request's head against its base branch.
type comparison struct {
	core.Comparison
	BaseRef string
	BaseSHA string
	// Missing is true when the base branch was never scanned.
	Missing bool
}

// compare matches the run's findings with the newest completed scan of
// the pull request's base branch in the same project (by fingerprint).
func (a *App) compare(ctx context.Context, run *db.GitHubRun, rep *core.ScanReport, last bool) (*comparison, error) {
	c := &comparison{BaseRef: run.BaseRef}
	base := new(db.GitHubRun)
	err := a.svc.DB.NewSelect().Model(base).
		Join("JOIN scans AS s ON s.id = github_run.scan_id").
		Where("github_run.project_id = ? AND github_run.pull_number = 0 AND github_run.branch = ?", run.ProjectID, run.BaseRef).
		Where("s.status = ?", core.ScanCompleted).
		OrderExpr("CASE WHEN github_run.head_sha = ? THEN 0 ELSE 1 END", run.BaseSHA).
		OrderExpr("github_run.created_at DESC").Limit(1).Scan(ctx)
	if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
		// The base may be being scanned right now (scanBase).
		pending, err := a.svc.DB.NewSelect().Model((*db.GitHubRun)(nil)).
			Where("project_id = ? AND pull_number = 0 AND branch = ? AND completed_at IS NULL AND created_at > ?",
				run.ProjectID, run.BaseRef, a.svc.Now().Add(-10*time.Minute)).Exists(ctx)
		if err != nil {
			return nil, err
		}
		if pending && !last {
			return nil, &retryable{err: fmt.Errorf("the base branch %s is still being scanned", run.BaseRef), after: time.Second}
		}
		c.Missing = true
		c.New = openFindings(rep.Findings)
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	baseFindings, err := a.svc.ScanFindingsOf(ctx, run.OrganizationID, *base.ScanID)
	if err != nil {
		return nil, err
	}
	c.BaseSHA = base.HeadSHA
	c.Comparison = core.CompareFindings(baseFindings, rep.Findings)
	return c, nil
}

// CommentMarker is the hidden line that finds the App's pull-request
// comment again.
const CommentMarker = "<!-- bulwark:pull-request-comment -->"

// upsertComment keeps exactly one comment on the pull request: the row in
// github_comments is claimed before a comment is created, so two reports
// of the same pull request never both create one; a comment edited away
// or deleted is found again by its marker, or created anew.
func (a *App) upsertComment(ctx context.Context, gh *github.Client, run *db.GitHubRun, body string) error {
	newer, err := a.svc.DB.NewSelect().Model((*db.GitHubRun)(nil)).
		Where("repository_id = ? AND pull_number = ? AND created_at > ? AND completed_at IS NOT NULL AND id <> ?",
			run.RepositoryID, run.PullNumber, run.CreatedAt, run.ID).Exists(ctx)
	if err != nil {
		return &retryable{err: err}
	}
	if newer {
		return nil // a newer push already answered; never go back in time
	}
	owner, name := splitRepo(run.FullName)
	now := a.svc.Now()
	claim := &db.GitHubComment{RepositoryID: run.RepositoryID, PullNumber: run.PullNumber, UpdatedAt: now}
	res, err := a.svc.DB.NewInsert().Model(claim).On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return &retryable{err: err}
	}
	claimed, _ := res.RowsAffected()
	if claimed == 0 {
		cur := new(db.GitHubComment)
		if err := a.svc.DB.NewSelect().Model(cur).Where("repository_id = ? AND pull_number = ?", run.RepositoryID, run.PullNumber).Scan(ctx); err != nil {
			return &retryable{err: err}
		}
		if cur.CommentID == 0 {
			if now.Sub(cur.UpdatedAt) < 2*time.Minute {
				return &retryable{err: errors.New("another report is creating the comment"), after: 2 * time.Second}
			}
			// The creator died: take over.
			res, err := a.svc.DB.NewUpdate().Model((*db.GitHubComment)(nil)).Set("updated_at = ?", now).
				Where("repository_id = ? AND pull_number = ? AND comment_id = 0 AND updated_at = ?", run.RepositoryID, run.PullNumber, cur.UpdatedAt).Exec(ctx)
			if err != nil {
				return &retryable{err: err}
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return &retryable{err: errors.New("another report took over the comment"), after: 2 * time.Second}
			}
		} else {
			_, resp, err := gh.Issues.EditComment(ctx, owner, name, cur.CommentID, &github.IssueComment{Body: github.String(body)})
			if err == nil {
				_, err = a.svc.DB.NewUpdate().Model((*db.GitHubComment)(nil)).Set("updated_at = ?", now).
					Where("repository_id = ? AND pull_number = ?", run.RepositoryID, run.PullNumber).Exec(ctx)
				return err
			}
			if resp == nil || resp.StatusCode != 404 {
				return ghErr(resp, err)
			}
			// Deleted on GitHub: find another with the marker, or create.
		}
	}
	id, err := a.findComment(ctx, gh, owner, name, run.PullNumber)
	if err != nil {
		return err
	}
	if id != 0 {
		if _, resp, err := gh.Issues.EditComment(ctx, owner, name, id, &github.IssueComment{Body: github.String(body)}); err != nil {
			return ghErr(resp, err)
		}
	} else {
		c, resp, err := gh.Issues.CreateComment(ctx, owner, name, run.PullNumber, &github.IssueComment{Body: github.String(body)})
		if err != nil {
			return ghErr(resp, err)
		}
		id = c.GetID()
	}
	_, err = a.svc.DB.NewUpdate().Model((*db.GitHubComment)(nil)).Set("comment_id = ?", id).Set("updated_at = ?", a.svc.Now()).
		Where("repository_id = ? AND pull_number = ?", run.RepositoryID, run.PullNumber).Exec(ctx)
	return err
}

// findComment looks for the App's comment by its marker (newest pages of
// a long thread are not read past 10 pages of 100).
func (a *App) findComment(ctx context.Context, gh *github.Client, owner, name string, pull int) (int64, error) {
	opt := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for page := 0; page < 10; page++ {
		list, resp, err := gh.Issues.ListComments(ctx, owner, name, pull, opt)
		if err != nil {
			return 0, ghErr(resp, err)
		}
		for _, c := range list {
			if strings.Contains(c.GetBody(), CommentMarker) {
				return c.GetID(), nil
			}
		}
		if resp.NextPage == 0 {
			return 0, nil
		}
		opt.Page = resp.NextPage
	}
	return 0, nil
}

func splitRepo(full string) (string, string) {
	o, n, _ := strings.Cut(full, "/")
	return o, n
}

func shortSHA(s string) string {
	if len(s) > 7 {
		return s[:7]
	}
	return s
}
