package core

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Plans, cheapest first.
var Plans = []string{"free", "developer", "startup", "professional", "enterprise"}

// ValidPlan reports whether p is a plan name.
func ValidPlan(p string) bool { return slices.Contains(Plans, p) }

// Authenticate resolves a bearer credential, an API key or a session
// token (core/sessions.go), to its principal. A malformed, unknown or
// revoked credential is UNAUTHORIZED; an expired one is KEY_EXPIRED.
func (s *Service) Authenticate(ctx context.Context, key string) (*Principal, error) {
	unauth := Errorf(CodeUnauthorized, "invalid API key")
	session := WellFormedSessionToken(key)
	if !session && !WellFormedAPIKey(key) {
		return nil, unauth
	}
	s.listenAuthInvalidations()
	hash := HashAPIKey(key)
	now := s.Now()
	e, ok := s.auth.get(hash, now)
	if !ok && session {
		var err error
		if e, err = s.loadSession(ctx, hash, now); err != nil {
			return nil, err
		}
		s.auth.put(hash, e)
	} else if !ok {
		k, err := db.GetKeyAuth(ctx, s.DB, hash)
		if errors.Is(err, db.ErrNotFound) {
			return nil, unauth
		}
		if err != nil {
			return nil, err
		}
		// Revoked keys and keys whose user left the organization are not
		// cached: they stay a database lookup, gated by the failed
		// authentication limit.
		if k.RevokedAt != nil || k.Role == nil {
			return nil, unauth
		}
		e = &authEntry{p: Principal{OrgID: k.OrganizationID, UserID: k.UserID, KeyID: k.ID, Role: *k.Role,
			Plan: k.Plan, Scopes: k.Scopes}, expiresAt: k.ExpiresAt, until: now.Add(authCacheTTL)}
		if k.LastUsedAt != nil {
			e.lastUsed.Store(k.LastUsedAt.UnixNano())
		}
		s.auth.put(hash, e)
	}
	if e.expiresAt != nil && !now.Before(*e.expiresAt) {
		what := "API key"
		if session {
			what = "session"
		}
		return nil, Errorf(CodeKeyExpired, "the %s expired at %s", what, e.expiresAt.UTC().Format(time.RFC3339))
	}
	// last_used_at is refreshed at most once a TouchInterval, off the
	// request path. The UPDATE re-checks, so racing processes write once.
	if last := e.lastUsed.Load(); last < now.Add(-db.TouchInterval).UnixNano() && e.lastUsed.CompareAndSwap(last, now.UnixNano()) {
		keyID, sessionID := e.p.KeyID, e.p.SessionID
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			var err error
			if sessionID != uuid.Nil {
				err = db.TouchSession(ctx, s.DB, sessionID, now)
			} else {
				err = db.TouchAPIKey(ctx, s.DB, keyID, now)
			}
			if err != nil && s.Log != nil {
				s.Log.Warn("touch credential", "key_id", keyID, "session_id", sessionID, "err", err)
			}
		}()
	}
	p := e.p
	p.Scopes = append([]string(nil), e.p.Scopes...)
	return &p, nil
}

// NewKey is an API key just issued, with its secret shown once.
type NewKey struct {
	Row    *db.APIKey
	Secret string
}

// insertKey issues a key for user in org inside tx.
func (s *Service) insertKey(ctx context.Context, tx bun.IDB, orgID, userID uuid.UUID, name string, scopes []string, expires *time.Time) (*NewKey, error) {
	secret := NewAPIKey()
	k := &db.APIKey{ID: newID(), OrganizationID: orgID, UserID: userID, Name: name,
		Prefix: DisplayPrefix(secret), Hash: HashAPIKey(secret), Scopes: scopes,
		ExpiresAt: expires, CreatedAt: s.Now()}
	if _, err := tx.NewInsert().Model(k).Exec(ctx); err != nil {
		return nil, err
	}
	return &NewKey{Row: k, Secret: secret}, nil
}

// Bootstrap is the result of CreateOwnerKey.
type Bootstrap struct {
	OrganizationID uuid.UUID `json:"organization_id"`
	UserID         uuid.UUID `json:"user_id"`
	APIKey         string    `json:"api_key"`
}

// CreateOwnerKey creates the organization named orgName on plan (and its
// owner, identified by email) when missing, and issues the owner a key with
// scopes. It backs `bulwark admin create-key` and the first start of serve.
func (s *Service) CreateOwnerKey(ctx context.Context, orgName, plan, email string, scopes []string) (*Bootstrap, error) {
	orgName = strings.TrimSpace(orgName)
	if orgName == "" || len(orgName) > 255 {
		return nil, Invalid("org", "invalid", "organization name must be 1 to 255 characters")
	}
	if !ValidPlan(plan) {
		return nil, Invalid("plan", "invalid", "plan must be one of "+strings.Join(Plans, ", "))
	}
	if len(scopes) == 0 {
		scopes = []string{"*"}
	}
	for _, sc := range scopes {
		if !ValidScope(sc) {
			return nil, Invalid("scopes", "invalid", "unknown scope "+sc)
		}
	}
	if email == "" {
		email = "owner@" + slug(orgName) + ".local"
	}
	var out Bootstrap
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		now := s.Now()
		org, err := db.GetOrganizationByName(ctx, tx, orgName)
		switch {
		case errors.Is(err, db.ErrNotFound):
			org = &db.Organization{ID: newID(), Name: orgName, Plan: plan, SigningSecret: NewSigningSecret(),
				CreatedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(org).Exec(ctx); err != nil {
				return err
			}
		case err != nil:
			return err
		case org.Plan != plan:
			org.Plan, org.UpdatedAt = plan, now
			if _, err := tx.NewUpdate().Model(org).Column("plan", "updated_at").WherePK().Exec(ctx); err != nil {
				return err
			}
		}
		user, err := db.GetUserByEmail(ctx, tx, email)
		if errors.Is(err, db.ErrNotFound) {
			user = &db.User{ID: newID(), Email: email, CreatedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(user).Exec(ctx); err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		if _, err := db.GetMembership(ctx, tx, org.ID, user.ID); errors.Is(err, db.ErrNotFound) {
			m := &db.Membership{OrganizationID: org.ID, UserID: user.ID, Role: RoleOwner, CreatedAt: now}
			if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		k, err := s.insertKey(ctx, tx, org.ID, user.ID, "bootstrap", scopes, nil)
		if err != nil {
			return err
		}
		p := &Principal{OrgID: org.ID, UserID: user.ID, KeyID: k.Row.ID, Agent: "bulwark admin"}
		if err := s.audit(ctx, tx, p, "api_key.created", "api_key", k.Row.ID.String(), map[string]any{"name": "bootstrap"}); err != nil {
			return err
		}
		out = Bootstrap{OrganizationID: org.ID, UserID: user.ID, APIKey: k.Secret}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The plan may have changed: keys cached with the old one are void.
	s.invalidateAuth(ctx, out.OrganizationID)
	return &out, nil
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0:
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "org"
	}
	return strings.Trim(b.String(), "-")
}
