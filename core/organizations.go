package core

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// InvitationTTL is how long an invitation token can be accepted.
const InvitationTTL = 7 * 24 * time.Hour

// invitationPrefix starts every invitation token.
const invitationPrefix = "bwi_"

// OrganizationInput holds the writable fields of an organization; nil means
// unchanged on update.
type OrganizationInput struct {
	Name *string
	Plan *string
}

// CreatedOrganization is a new organization with the secrets shown once:
// its webhook signing secret and an owner key bound to it (keys act in one
// organization, so without it the creator could not use the new one).
type CreatedOrganization struct {
	Org  *db.Organization
	Role string
	Key  *NewKey
}

func validOrgName(name *string) (string, error) {
	if name == nil {
		return "", Missing("name")
	}
	n := strings.TrimSpace(*name)
	if n == "" || len(n) > 255 {
		return "", Invalid("name", "invalid", "name must be 1 to 255 characters")
	}
	return n, nil
}

// CreateOrganization creates an organization owned by the caller's user.
// Users create free organizations only: a paid plan is set by an operator
// (bulwark admin create-key --plan), so any other plan is PERMISSION_DENIED.
// The caller gets an owner key for the new organization with the scopes of
// the key that made the request, never more.
func (s *Service) CreateOrganization(ctx context.Context, p *Principal, in OrganizationInput) (*CreatedOrganization, error) {
	name, err := validOrgName(in.Name)
	if err != nil {
		return nil, err
	}
	plan := "free"
	if in.Plan != nil {
		if !ValidPlan(*in.Plan) {
			return nil, Invalid("plan", "invalid", "plan must be one of "+strings.Join(Plans, ", "))
		}
		if *in.Plan != "free" {
			return nil, Errorf(CodePermissionDenied, "organizations are created on the free plan; plan changes are made by an operator")
		}
	}
	now := s.Now()
	org := &db.Organization{ID: newID(), Name: name, Plan: plan, SigningSecret: NewSigningSecret(), CreatedAt: now, UpdatedAt: now}
	var key *NewKey
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(org).Exec(ctx); err != nil {
			return err
		}
		m := &db.Membership{OrganizationID: org.ID, UserID: p.UserID, Role: RoleOwner, CreatedAt: now}
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return err
		}
		var err error
		if key, err = s.insertKey(ctx, tx, org.ID, p.UserID, "owner key of "+truncateName(name, 80), slices.Clone(p.Scopes), nil); err != nil {
			return err
		}
		// The new organization's log starts with its creation; the caller's
		// own organization records it too, as the key that acted is there.
		actor := p.in(org.ID)
		meta := map[string]any{"name": name, "plan": plan}
		if err := s.audit(ctx, tx, actor, "organization.created", "organization", org.ID.String(), meta); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, actor, "api_key.created", "api_key", key.Row.ID.String(), map[string]any{"name": key.Row.Name}); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "organization.created", "organization", org.ID.String(), meta)
	})
	if err != nil {
		return nil, err
	}
	return &CreatedOrganization{Org: org, Role: RoleOwner, Key: key}, nil
}

// in returns a copy of p acting in organization orgID, for audit entries
// written in an organization other than the key's.
func (p *Principal) in(orgID uuid.UUID) *Principal {
	c := *p
	c.OrgID = orgID
	return &c
}

func truncateName(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n]
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// ListOrganizations returns a page of the organizations the caller's user
// belongs to, with the user's role in each, newest first.
func (s *Service) ListOrganizations(ctx context.Context, p *Principal, page db.Page) ([]db.MemberOrganization, db.PageResult, error) {
	var rows []db.MemberOrganization
	q := db.UserOrganizationsQuery(s.DB, p.UserID, &rows)
	res, err := db.SelectPage(ctx, q, "o.created_at", page, &rows)
	return rows, res, err
}

// GetOrganization loads an organization the caller's user belongs to, with
// the user's role there. Any other organization is RESOURCE_NOT_FOUND.
func (s *Service) GetOrganization(ctx context.Context, p *Principal, id uuid.UUID) (*db.MemberOrganization, error) {
	return s.memberOrg(ctx, s.DB, p.UserID, id)
}

func (s *Service) memberOrg(ctx context.Context, q bun.IDB, userID, orgID uuid.UUID) (*db.MemberOrganization, error) {
	var rows []db.MemberOrganization
	err := db.UserOrganizationsQuery(q, userID, &rows).Where("o.id = ?", orgID).Limit(1).Scan(ctx)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, NotFound("organization")
	}
	return &rows[0], nil
}

// manageOrg checks that the caller may change organization id with at least
// role least. Keys act in their own organization: another organization the
// user belongs to is PERMISSION_DENIED (use a key of that organization),
// one the user does not belong to is RESOURCE_NOT_FOUND.
func (s *Service) manageOrg(ctx context.Context, q bun.IDB, p *Principal, id uuid.UUID, least string) (*db.Organization, error) {
	if id != p.OrgID {
		if _, err := s.memberOrg(ctx, q, p.UserID, id); err != nil {
			return nil, err
		}
		return nil, Errorf(CodePermissionDenied, "this API key belongs to another organization; use a key of organization %s", id)
	}
	if !p.AtLeast(least) {
		return nil, Errorf(CodePermissionDenied, "this action needs the %s role or higher; your role is %s", least, p.Role)
	}
	org, err := db.GetOrganization(ctx, q, id)
	if err != nil {
		return nil, dbErr(err, "organization")
	}
	return org, nil
}

// UpdateOrganization renames the caller's organization (owner or admin).
// The plan is not changeable through the API.
func (s *Service) UpdateOrganization(ctx context.Context, p *Principal, id uuid.UUID, in OrganizationInput) (*db.MemberOrganization, error) {
	var name string
	if in.Name != nil {
		var err error
		if name, err = validOrgName(in.Name); err != nil {
			return nil, err
		}
	}
	var out *db.MemberOrganization
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		org, err := s.manageOrg(ctx, tx, p, id, RoleAdmin)
		if err != nil {
			return err
		}
		if in.Plan != nil {
			return Errorf(CodePermissionDenied, "the plan is changed by an operator, not through the API")
		}
		meta := map[string]any{}
		if in.Name != nil && name != org.Name {
			meta["name"] = map[string]any{"from": org.Name, "to": name}
			org.Name = name
			org.UpdatedAt = s.Now()
			if _, err := tx.NewUpdate().Model(org).Column("name", "updated_at").WherePK().Exec(ctx); err != nil {
				return err
			}
		}
		if err := s.audit(ctx, tx, p, "organization.updated", "organization", org.ID.String(), meta); err != nil {
			return err
		}
		out = &db.MemberOrganization{ID: org.ID, Name: org.Name, Plan: org.Plan, Role: p.Role, CreatedAt: org.CreatedAt, UpdatedAt: org.UpdatedAt}
		return nil
	})
	return out, err
}

// RotateSigningSecret replaces the organization's webhook signing secret
// (owner or admin) and returns the new one, shown once.
func (s *Service) RotateSigningSecret(ctx context.Context, p *Principal, id uuid.UUID) (*db.Organization, error) {
	var org *db.Organization
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if org, err = s.manageOrg(ctx, tx, p, id, RoleAdmin); err != nil {
			return err
		}
		org.SigningSecret, org.UpdatedAt = NewSigningSecret(), s.Now()
		if _, err := tx.NewUpdate().Model(org).Column("signing_secret", "updated_at").WherePK().Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "organization.signing_secret_rotated", "organization", org.ID.String(), nil)
	})
	if err != nil {
		return nil, err
	}
	return org, nil
}

// ListMembers returns a page of an organization's members, most recently
// joined first. Any member of the organization may list them.
func (s *Service) ListMembers(ctx context.Context, p *Principal, orgID uuid.UUID, page db.Page) ([]db.Member, db.PageResult, error) {
	if _, err := s.memberOrg(ctx, s.DB, p.UserID, orgID); err != nil {
		return nil, db.PageResult{}, err
	}
	var rows []db.Member
	res, err := db.SelectPage(ctx, db.MembersQuery(s.DB, orgID, &rows), "m.created_at", page, &rows)
	return rows, res, err
}

// InvitationInput is the body of an invitation.
type InvitationInput struct {
	Email *string
	Role  *string
}

// NewInvitation is an invitation just created, with its token shown once.
type NewInvitation struct {
	Row   *db.Invitation
	Token string
}

// validEmail accepts a bare address (no display name) of at most 254 bytes.
func validEmail(e string) bool {
	if e == "" || len(e) > 254 || strings.ContainsAny(e, " \t\r\n<>") {
		return false
	}
	a, err := mail.ParseAddress(e)
	return err == nil && a.Address == e && strings.Contains(e[strings.LastIndexByte(e, '@')+1:], ".")
}

// CreateInvitation invites an e-mail address into the caller's organization
// (admin or owner; only an owner may invite an owner). It emits
// member.invited.
func (s *Service) CreateInvitation(ctx context.Context, p *Principal, orgID uuid.UUID, in InvitationInput) (*NewInvitation, error) {
	if in.Email == nil {
		return nil, Missing("email")
	}
	if in.Role == nil {
		return nil, Missing("role")
	}
	email := strings.ToLower(strings.TrimSpace(*in.Email))
	if !validEmail(email) {
		return nil, Invalid("email", "invalid", "email must be an e-mail address such as dev@example.com")
	}
	role := *in.Role
	if !ValidRole(role) {
		return nil, Invalid("role", "invalid", "role must be one of owner, admin, member, viewer")
	}
	var out *NewInvitation
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.manageOrg(ctx, tx, p, orgID, RoleAdmin); err != nil {
			return err
		}
		if role == RoleOwner && !p.AtLeast(RoleOwner) {
			return Errorf(CodePermissionDenied, "only an owner can invite an owner")
		}
		member, err := tx.NewSelect().Model((*db.Membership)(nil)).
			Join("JOIN users AS u ON u.id = membership.user_id").
			Where("membership.organization_id = ? AND lower(u.email) = ?", orgID, email).Exists(ctx)
		if err != nil {
			return err
		}
		if member {
			return Errorf(CodeConflict, "%s is already a member of the organization", email)
		}
		token := newInvitationToken()
		now := s.Now()
		inv := &db.Invitation{ID: newID(), OrganizationID: orgID, Email: email, Role: role,
			TokenHash: hashToken(token), InvitedBy: p.UserID, ExpiresAt: now.Add(InvitationTTL), CreatedAt: now}
		if _, err := tx.NewInsert().Model(inv).Exec(ctx); err != nil {
			return err
		}
		data := map[string]any{"invitation_id": inv.ID.String(), "email": email, "role": role,
			"invited_by": p.UserID.String(), "expires_at": inv.ExpiresAt}
		if err := s.audit(ctx, tx, p, EventMemberInvited, "invitation", inv.ID.String(), data); err != nil {
			return err
		}
		if err := s.emit(ctx, tx, orgID, EventMemberInvited, nil, data); err != nil {
			return err
		}
		out = &NewInvitation{Row: inv, Token: token}
		return nil
	})
	return out, err
}

func newInvitationToken() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	return invitationPrefix + hex.EncodeToString(b)
}

// hashToken returns the stored form of an invitation token.
func hashToken(t string) string {
	s := sha256.Sum256([]byte(t))
	return hex.EncodeToString(s[:])
}

// RoleScopes are the scopes of the key issued to a member who joins with a
// role: viewers read everything (and manage their own read-only keys),
// members also change the scanning resources, admins and owners get all.
func RoleScopes(role string) []string {
	if role == RoleAdmin || role == RoleOwner {
		return []string{"*"}
	}
	write := map[string]bool{"api_keys": true}
	if role == RoleMember {
		for _, r := range []string{"contracts", "scans", "vulnerabilities", "projects", "quality_gates", "exports", "economic"} {
			write[r] = true
		}
	}
	out := make([]string, 0, len(ScopeResources))
	for _, r := range ScopeResources {
		if write[r] {
			out = append(out, r+":write")
		} else {
			out = append(out, r+":read")
		}
	}
	return out
}

// Joined is the result of accepting an invitation: the organization joined
// and a key for it, shown once.
type Joined struct {
	Org  *db.Organization
	Role string
	Key  *NewKey
}

// AcceptInvitation adds the caller's user to the invitation's organization
// with its role and issues the user a key there with RoleScopes(role): the
// caller's own key stays bound to its organization. The invitation must be
// addressed to the user's e-mail. Unknown, used and expired tokens are
// RESOURCE_NOT_FOUND. It emits member.joined.
func (s *Service) AcceptInvitation(ctx context.Context, p *Principal, token string) (*Joined, error) {
	if !strings.HasPrefix(token, invitationPrefix) || len(token) > 128 {
		return nil, NotFound("invitation")
	}
	var out *Joined
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		inv := new(db.Invitation)
		err := tx.NewSelect().Model(inv).Where("token_hash = ?", hashToken(token)).Scan(ctx)
		if err != nil {
			return dbErr(db.NotFoundErr(err), "invitation")
		}
		now := s.Now()
		if inv.AcceptedAt != nil || !now.Before(inv.ExpiresAt) {
			return NotFound("invitation")
		}
		user, err := db.GetUser(ctx, tx, p.UserID)
		if err != nil {
			return dbErr(err, "user")
		}
		if !strings.EqualFold(user.Email, inv.Email) {
			return Errorf(CodePermissionDenied, "this invitation is addressed to another e-mail address")
		}
		if _, err := db.GetMembership(ctx, tx, inv.OrganizationID, user.ID); err == nil {
			return Errorf(CodeConflict, "you are already a member of this organization")
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		// The conditional update makes the token single-use under
		// concurrent accepts.
		res, err := tx.NewUpdate().Model((*db.Invitation)(nil)).Set("accepted_at = ?", now).Set("accepted_by = ?", user.ID).
			Where("id = ? AND accepted_at IS NULL", inv.ID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return NotFound("invitation")
		}
		m := &db.Membership{OrganizationID: inv.OrganizationID, UserID: user.ID, Role: inv.Role, CreatedAt: now}
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return Errorf(CodeConflict, "you are already a member of this organization")
			}
			return err
		}
		org, err := db.GetOrganization(ctx, tx, inv.OrganizationID)
		if err != nil {
			return dbErr(err, "organization")
		}
		key, err := s.insertKey(ctx, tx, org.ID, user.ID, "joined "+truncateName(org.Name, 90), RoleScopes(inv.Role), nil)
		if err != nil {
			return err
		}
		actor := p.in(org.ID)
		data := map[string]any{"user_id": user.ID.String(), "email": user.Email, "role": inv.Role, "invitation_id": inv.ID.String()}
		if err := s.audit(ctx, tx, actor, EventMemberJoined, "member", user.ID.String(), data); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, actor, "api_key.created", "api_key", key.Row.ID.String(), map[string]any{"name": key.Row.Name}); err != nil {
			return err
		}
		if err := s.emit(ctx, tx, org.ID, EventMemberJoined, nil, data); err != nil {
			return err
		}
		out = &Joined{Org: org, Role: inv.Role, Key: key}
		return nil
	})
	return out, err
}

// RemoveMember removes a user from the caller's organization (admin or
// owner; only an owner removes an owner; the last owner stays) and revokes
// the user's keys there. It emits member.removed.
func (s *Service) RemoveMember(ctx context.Context, p *Principal, orgID, userID uuid.UUID) error {
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.manageOrg(ctx, tx, p, orgID, RoleAdmin); err != nil {
			return err
		}
		// Two owners removing each other at once must not both pass the
		// last-owner check: removals of one organization take turns.
		// (SQLite transactions already take the write lock up front.)
		if db.IsPostgres(tx) {
			if _, err := tx.NewSelect().Model((*db.Organization)(nil)).Column("id").
				Where("id = ?", orgID).For("UPDATE").Exec(ctx); err != nil {
				return err
			}
		}
		m, err := db.GetMembership(ctx, tx, orgID, userID)
		if err != nil {
			return dbErr(err, "member")
		}
		if m.Role == RoleOwner {
			if !p.AtLeast(RoleOwner) {
				return Errorf(CodePermissionDenied, "only an owner can remove an owner")
			}
			owners, err := tx.NewSelect().Model((*db.Membership)(nil)).
				Where("organization_id = ? AND role = ?", orgID, RoleOwner).Count(ctx)
			if err != nil {
				return err
			}
			if owners <= 1 {
				return Errorf(CodeConflict, "the organization's last owner cannot be removed")
			}
		}
		if _, err := tx.NewDelete().Model((*db.Membership)(nil)).
			Where("organization_id = ? AND user_id = ?", orgID, userID).Exec(ctx); err != nil {
			return err
		}
		// Authenticate already refuses keys without a membership; revoking
		// them too keeps them dead if the user is invited back.
		now := s.Now()
		if _, err := tx.NewUpdate().Model((*db.APIKey)(nil)).Set("revoked_at = ?", now).
			Where("organization_id = ? AND user_id = ? AND revoked_at IS NULL", orgID, userID).Exec(ctx); err != nil {
			return err
		}
		data := map[string]any{"user_id": userID.String(), "role": m.Role, "removed_by": p.UserID.String()}
		if err := s.audit(ctx, tx, p, EventMemberRemoved, "member", userID.String(), data); err != nil {
			return err
		}
		return s.emit(ctx, tx, orgID, EventMemberRemoved, nil, data)
	})
	if err == nil {
		s.invalidateAuth(ctx, orgID)
	}
	return err
}
