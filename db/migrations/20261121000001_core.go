package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx,
				(*db.Organization)(nil), (*db.User)(nil), (*db.Membership)(nil),
				(*db.APIKey)(nil), (*db.Project)(nil), (*db.Contract)(nil),
				(*db.ContractFile)(nil), (*db.Scan)(nil), (*db.Vulnerability)(nil),
				(*db.AuditLog)(nil), (*db.Event)(nil),
			); err != nil {
				return err
			}
			// Keyset pagination walks (organization, sort key, id); the
			// composite indexes make every page an index range scan.
			return createIndexes(ctx, tx,
				index{(*db.Organization)(nil), "organizations_name_idx", []string{"name"}, false},
				index{(*db.Membership)(nil), "memberships_user_idx", []string{"user_id"}, false},
				index{(*db.APIKey)(nil), "api_keys_org_created_idx", []string{"organization_id", "created_at", "id"}, false},
				index{(*db.Project)(nil), "projects_org_created_idx", []string{"organization_id", "created_at", "id"}, false},
				index{(*db.Project)(nil), "projects_org_name_idx", []string{"organization_id", "name"}, true},
				index{(*db.Contract)(nil), "contracts_org_created_idx", []string{"organization_id", "created_at", "id"}, false},
				index{(*db.Contract)(nil), "contracts_project_idx", []string{"project_id"}, false},
				index{(*db.ContractFile)(nil), "contract_files_contract_idx", []string{"contract_id", "path"}, true},
				index{(*db.Scan)(nil), "scans_org_created_idx", []string{"organization_id", "created_at", "id"}, false},
				index{(*db.Scan)(nil), "scans_contract_idx", []string{"contract_id", "status"}, false},
				index{(*db.Scan)(nil), "scans_project_idx", []string{"project_id", "created_at"}, false},
				index{(*db.Scan)(nil), "scans_status_idx", []string{"status", "updated_at"}, false},
				index{(*db.Vulnerability)(nil), "vulnerabilities_org_detected_idx", []string{"organization_id", "detected_at", "id"}, false},
				index{(*db.Vulnerability)(nil), "vulnerabilities_scan_idx", []string{"scan_id"}, false},
				index{(*db.Vulnerability)(nil), "vulnerabilities_contract_idx", []string{"contract_id"}, false},
				index{(*db.AuditLog)(nil), "audit_logs_org_created_idx", []string{"organization_id", "created_at", "id"}, false},
				index{(*db.Event)(nil), "events_undispatched_idx", []string{"dispatched_at", "created_at"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, m := range []any{(*db.Event)(nil), (*db.AuditLog)(nil), (*db.Vulnerability)(nil), (*db.Scan)(nil),
			(*db.ContractFile)(nil), (*db.Contract)(nil), (*db.Project)(nil), (*db.APIKey)(nil),
			(*db.Membership)(nil), (*db.User)(nil), (*db.Organization)(nil)} {
			if _, err := bdb.NewDropTable().Model(m).IfExists().Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
