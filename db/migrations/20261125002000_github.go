package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// The GitHub App's tables: installations and their repositories, accepted
// deliveries, the runs it started and its pull-request comments.
func init() {
	models := []any{(*db.GitHubInstallation)(nil), (*db.GitHubRepository)(nil), (*db.GitHubDelivery)(nil),
		(*db.GitHubRun)(nil), (*db.GitHubComment)(nil)}
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, models...); err != nil {
				return err
			}
			return createIndexes(ctx, tx,
				index{(*db.GitHubInstallation)(nil), "github_installations_org_idx", []string{"organization_id"}, false},
				index{(*db.GitHubRepository)(nil), "github_repositories_installation_idx", []string{"installation_id"}, false},
				// One run per delivery: a retried task finds its run again.
				index{(*db.GitHubRun)(nil), "github_runs_delivery_idx", []string{"delivery_id"}, true},
				index{(*db.GitHubRun)(nil), "github_runs_scan_idx", []string{"scan_id"}, false},
				index{(*db.GitHubRun)(nil), "github_runs_dedupe_idx", []string{"dedupe_key"}, true},
				// The base of a pull request: the newest run of a branch.
				index{(*db.GitHubRun)(nil), "github_runs_project_branch_idx", []string{"project_id", "branch", "created_at"}, false},
				index{(*db.GitHubRun)(nil), "github_runs_repo_sha_idx", []string{"repository_id", "head_sha"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, m := range models {
			if _, err := bdb.NewDropTable().Model(m).IfExists().Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
