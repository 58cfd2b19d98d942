package core

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Sessions are the bearer credentials sign-ins issue (wallet sign-in
// today). They share the API keys' format (bws_ instead of bwk_, the same
// body and checksum), header and authentication path: Authenticate
// resolves either to a Principal. A session has no scopes of its own; it
// acts in one organization with RoleScopes of the user's role there, read
// at every uncached authentication, so a role change or removal applies
// as it does to keys.

// SessionPrefix starts every session token.
const SessionPrefix = "bws_"

// SessionTTL is how long a session lasts.
const SessionTTL = 24 * time.Hour

// NewSessionToken returns a fresh session token.
func NewSessionToken() string { return newToken(SessionPrefix) }

// WellFormedSessionToken reports whether t has the session format and a
// valid checksum.
func WellFormedSessionToken(t string) bool { return wellFormedToken(SessionPrefix, t) }

// NewSession is a session just issued, with its token shown once.
type NewSession struct {
	Row   *db.Session
	Token string
}

// IssueSession issues a session for user in org inside tx. method names
// the sign-in ("wallet:solana"), subject what it proved (the address).
func (s *Service) IssueSession(ctx context.Context, tx bun.IDB, userID, orgID uuid.UUID, method, subject string) (*NewSession, error) {
	token := NewSessionToken()
	now := s.Now()
	row := &db.Session{ID: newID(), UserID: userID, OrganizationID: orgID, Hash: HashAPIKey(token),
		Method: method, Subject: subject, ExpiresAt: now.Add(SessionTTL), CreatedAt: now}
	if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert session: %w", err)
	}
	return &NewSession{Row: row, Token: token}, nil
}

// RevokeSessions revokes user's live sessions issued by method inside tx
// and returns the organizations whose cached credentials must be dropped
// (InvalidateAuth) once tx commits.
func (s *Service) RevokeSessions(ctx context.Context, tx bun.IDB, userID uuid.UUID, method string) ([]uuid.UUID, error) {
	return db.RevokeSessions(ctx, tx, userID, method, s.Now())
}

// InvalidateAuth voids the cached credentials of the organization in every
// process. Call it after the change that withdrew access commits.
func (s *Service) InvalidateAuth(ctx context.Context, orgID uuid.UUID) { s.invalidateAuth(ctx, orgID) }

// Audit writes an audit entry inside tx (see audit), for the packages
// that own a capability on top of core (wallet sign-in).
func (s *Service) Audit(ctx context.Context, tx bun.IDB, p *Principal, action, resourceType, resourceID string, meta map[string]any) error {
	return s.audit(ctx, tx, p, action, resourceType, resourceID, meta)
}

// SignInOrg is the organization a new session acts in, with the user's
// role and the plan there.
type SignInOrg struct {
	Org  *db.Organization
	Role string
}

// SignInOrganization picks the organization a session of user acts in:
// want when given (RESOURCE_NOT_FOUND unless the user is a member), else
// the user's oldest membership. A user without any membership gets a
// personal organization on the free plan named personalName, as a first
// sign-in does.
func (s *Service) SignInOrganization(ctx context.Context, tx bun.IDB, userID uuid.UUID, want *uuid.UUID, personalName string) (*SignInOrg, error) {
	q := tx.NewSelect().Model((*db.Membership)(nil)).Where("user_id = ?", userID)
	if want != nil {
		q = q.Where("organization_id = ?", *want)
	}
	var m db.Membership
	err := q.OrderExpr("created_at ASC, organization_id ASC").Limit(1).Scan(ctx, &m)
	switch err = db.NotFoundErr(err); {
	case errors.Is(err, db.ErrNotFound) && want != nil:
		return nil, NotFound("organization")
	case errors.Is(err, db.ErrNotFound):
		return s.createPersonalOrg(ctx, tx, userID, personalName)
	case err != nil:
		return nil, err
	}
	org, err := db.GetOrganization(ctx, tx, m.OrganizationID)
	if err != nil {
		return nil, dbErr(err, "organization")
	}
	return &SignInOrg{Org: org, Role: m.Role}, nil
}

// createPersonalOrg creates a free organization owned by user.
func (s *Service) createPersonalOrg(ctx context.Context, tx bun.IDB, userID uuid.UUID, name string) (*SignInOrg, error) {
	now := s.Now()
	org := &db.Organization{ID: newID(), Name: truncateName(name, 255), Plan: "free", SigningSecret: NewSigningSecret(),
		CreatedAt: now, UpdatedAt: now}
	if _, err := tx.NewInsert().Model(org).Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert personal organization: %w", err)
	}
	m := &db.Membership{OrganizationID: org.ID, UserID: userID, Role: RoleOwner, CreatedAt: now}
	if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert membership: %w", err)
	}
	p := &Principal{OrgID: org.ID, UserID: userID}
	if err := s.audit(ctx, tx, p, "organization.created", "organization", org.ID.String(),
		map[string]any{"name": org.Name, "plan": org.Plan, "personal": true}); err != nil {
		return nil, err
	}
	return &SignInOrg{Org: org, Role: RoleOwner}, nil
}

// loadSession resolves a session token's hash for Authenticate. Revoked
// sessions and sessions whose user left the organization are
// UNAUTHORIZED and not cached.
func (s *Service) loadSession(ctx context.Context, hash string, now time.Time) (*authEntry, error) {
	a, err := db.GetSessionAuth(ctx, s.DB, hash)
	if errors.Is(err, db.ErrNotFound) {
		return nil, Errorf(CodeUnauthorized, "invalid session token")
	}
	if err != nil {
		return nil, err
	}
	if a.RevokedAt != nil || a.Role == nil {
		return nil, Errorf(CodeUnauthorized, "invalid session token")
	}
	exp := a.ExpiresAt
	e := &authEntry{p: Principal{OrgID: a.OrganizationID, UserID: a.UserID, SessionID: a.ID, Role: *a.Role,
		Plan: a.Plan, Scopes: RoleScopes(*a.Role)}, expiresAt: &exp, until: now.Add(authCacheTTL)}
	if a.LastUsedAt != nil {
		e.lastUsed.Store(a.LastUsedAt.UnixNano())
	}
	return e, nil
}
