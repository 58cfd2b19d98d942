package core

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// MaxKeyLifetime bounds expires_at of a new API key.
const MaxKeyLifetime = 2 * 365 * 24 * time.Hour

// APIKeyInput is the body of POST /api-keys.
type APIKeyInput struct {
	Name *string
	// Scopes nil means the field was absent.
	Scopes []string
	// ExpiresAt is the raw RFC 3339 value, parsed here so that the error
	// names the field.
	ExpiresAt *string
}

// KeyStatus is active, expired or revoked at now.
func KeyStatus(k *db.APIKey, now time.Time) string {
	switch {
	case k.RevokedAt != nil:
		return "revoked"
	case k.ExpiresAt != nil && !now.Before(*k.ExpiresAt):
		return "expired"
	}
	return "active"
}

// CreateAPIKey issues a key for the caller's user in the caller's
// organization. A key never grants a scope its creator's key lacks.
func (s *Service) CreateAPIKey(ctx context.Context, p *Principal, in APIKeyInput) (*NewKey, error) {
	if in.Name == nil {
		return nil, Missing("name")
	}
	name := strings.TrimSpace(*in.Name)
	if name == "" || len(name) > 100 {
		return nil, Invalid("name", "invalid", "name must be 1 to 100 characters")
	}
	if in.Scopes == nil {
		return nil, Missing("scopes")
	}
	if len(in.Scopes) == 0 {
		return nil, Invalid("scopes", "invalid", "scopes must name at least one scope")
	}
	scopes := make([]string, 0, len(in.Scopes))
	for _, sc := range in.Scopes {
		if !ValidScope(sc) {
			return nil, Invalid("scopes", "invalid", "unknown scope "+quote(sc)+"; scopes are resource:read, resource:write or *")
		}
		if !slices.Contains(scopes, sc) {
			scopes = append(scopes, sc)
		}
	}
	for _, sc := range scopes {
		if !p.grants(sc) {
			return nil, &Error{Code: CodePermissionDenied, Message: "a key cannot grant the " + sc + " scope, which your key lacks",
				Details: map[string]any{"scope": sc}}
		}
	}
	now := s.Now()
	var expires *time.Time
	if in.ExpiresAt != nil {
		t, err := time.Parse(time.RFC3339Nano, *in.ExpiresAt)
		if err != nil {
			return nil, Invalid("expires_at", "invalid", "expires_at must be an RFC 3339 date-time such as 2027-01-31T00:00:00Z")
		}
		t = t.UTC().Truncate(time.Microsecond)
		if !t.After(now) {
			return nil, Invalid("expires_at", "out_of_range", "expires_at must be in the future")
		}
		if t.After(now.Add(MaxKeyLifetime)) {
			return nil, Invalid("expires_at", "out_of_range", "expires_at must be at most 2 years ahead")
		}
		expires = &t
	}
	var key *NewKey
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if key, err = s.insertKey(ctx, tx, p.OrgID, p.UserID, name, scopes, expires); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "api_key.created", "api_key", key.Row.ID.String(),
			map[string]any{"name": name, "scopes": scopes})
	})
	if err != nil {
		return nil, err
	}
	return key, nil
}

// grants reports whether the principal may hand scope to a new key: "*"
// only from "*", anything else when the principal holds it.
func (p *Principal) grants(scope string) bool {
	if scope == "*" {
		return slices.Contains(p.Scopes, "*")
	}
	return p.Can(scope)
}

func quote(s string) string {
	if len(s) > 64 {
		s = s[:64] + "…"
	}
	return `"` + s + `"`
}

// ListAPIKeys returns a page of the caller's user's keys in the caller's
// organization, newest first.
func (s *Service) ListAPIKeys(ctx context.Context, p *Principal, page db.Page) ([]db.APIKey, db.PageResult, error) {
	var rows []db.APIKey
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ? AND user_id = ?", p.OrgID, p.UserID)
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}

// RevokeAPIKey revokes a key of the caller's organization: one's own, or
// any key for an admin or owner. Another user's key is PERMISSION_DENIED
// for lower roles; an already revoked key is CONFLICT.
func (s *Service) RevokeAPIKey(ctx context.Context, p *Principal, id uuid.UUID) error {
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		k := new(db.APIKey)
		if err := tx.NewSelect().Model(k).Where("id = ? AND organization_id = ?", id, p.OrgID).Scan(ctx); err != nil {
			return dbErr(db.NotFoundErr(err), "api key")
		}
		if k.UserID != p.UserID && !p.AtLeast(RoleAdmin) {
			return Errorf(CodePermissionDenied, "only an admin or owner can revoke another member's key")
		}
		if k.RevokedAt != nil {
			return Errorf(CodeConflict, "the API key %s is already revoked", id)
		}
		res, err := tx.NewUpdate().Model((*db.APIKey)(nil)).Set("revoked_at = ?", s.Now()).
			Where("id = ? AND revoked_at IS NULL", id).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return Errorf(CodeConflict, "the API key %s is already revoked", id)
		}
		return s.audit(ctx, tx, p, "api_key.revoked", "api_key", id.String(), map[string]any{"name": k.Name})
	})
	if err == nil {
		s.invalidateAuth(ctx, p.OrgID)
	}
	return err
}
