package server

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// organizationJSON is an organization as one of its members sees it.
type organizationJSON struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Plan      string    `json:"plan"`
	Role      string    `json:"role"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

func toOrganization(o *db.MemberOrganization) organizationJSON {
	return organizationJSON{ID: o.ID.String(), Name: o.Name, Plan: o.Plan, Role: o.Role,
		CreatedAt: o.CreatedAt.UTC(), UpdatedAt: o.UpdatedAt.UTC()}
}

// organizationRequest is the body of POST and PATCH /organizations.
type organizationRequest struct {
	Name *string `json:"name"`
	Plan *string `json:"plan"`
}

// createdOrganizationJSON adds the secrets shown once at creation.
type createdOrganizationJSON struct {
	organizationJSON
	SigningSecret string         `json:"signing_secret"`
	APIKey        createdKeyJSON `json:"api_key"`
}

func (s *Server) handleOrganizationList(c *fiber.Ctx) error {
	lq, err := s.parseList(c, "organizations", nil, false)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListOrganizations(c.UserContext(), principal(c), lq.page)
	if err != nil {
		return err
	}
	out := make([]organizationJSON, len(rows))
	for i := range rows {
		out[i] = toOrganization(&rows[i])
	}
	return s.writeList(c, "organizations", out, nil, lq, res)
}

func (s *Server) handleOrganizationCreate(c *fiber.Ctx) error {
	var req organizationRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	p := principal(c)
	co, err := s.svc.CreateOrganization(c.UserContext(), p, core.OrganizationInput{Name: req.Name, Plan: req.Plan})
	if err != nil {
		return err
	}
	o := co.Org
	mo := db.MemberOrganization{ID: o.ID, Name: o.Name, Plan: o.Plan, Role: co.Role, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt}
	return one(c, fiber.StatusCreated, o.ID, "active", o.CreatedAt, createdOrganizationJSON{
		organizationJSON: toOrganization(&mo), SigningSecret: o.SigningSecret,
		APIKey: toCreatedKey(co.Key, s.svc.Now())})
}

func (s *Server) handleOrganizationGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "organization")
	if err != nil {
		return err
	}
	o, err := s.svc.GetOrganization(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, o.ID, "active", o.CreatedAt, toOrganization(o))
}

func (s *Server) handleOrganizationUpdate(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "organization")
	if err != nil {
		return err
	}
	var req organizationRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	o, err := s.svc.UpdateOrganization(c.UserContext(), principal(c), id, core.OrganizationInput{Name: req.Name, Plan: req.Plan})
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, o.ID, "active", o.CreatedAt, toOrganization(o))
}

// memberJSON is one member of an organization.
type memberJSON struct {
	UserID   string    `json:"user_id"`
	Email    string    `json:"email"`
	Name     string    `json:"name"`
	Role     string    `json:"role"`
	JoinedAt time.Time `json:"joined_at"`
}

func (s *Server) handleMemberList(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "organization")
	if err != nil {
		return err
	}
	// The organization is part of the filter set, so a cursor of one
	// organization's members is refused on another's.
	lq, err := s.parseList(c, "organization-members", map[string]string{"organization_id": id.String()}, true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListMembers(c.UserContext(), principal(c), id, lq.page)
	if err != nil {
		return err
	}
	out := make([]memberJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i, m := range rows {
		out[i] = memberJSON{UserID: m.UserID.String(), Email: m.Email, Name: m.Name, Role: m.Role, JoinedAt: m.JoinedAt.UTC()}
		keys[i] = db.Key{T: m.JoinedAt, ID: m.UserID}
	}
	return s.writeList(c, "members", out, keys, lq, res)
}

// invitationRequest is the body of POST /organizations/{id}/invitations.
type invitationRequest struct {
	Email *string `json:"email"`
	Role  *string `json:"role"`
}

// invitationJSON is an invitation; Token appears only in the creation
// response.
type invitationJSON struct {
	ID             string    `json:"id"`
	OrganizationID string    `json:"organization_id"`
	Email          string    `json:"email"`
	Role           string    `json:"role"`
	InvitedBy      string    `json:"invited_by"`
	ExpiresAt      time.Time `json:"expires_at"`
	CreatedAt      time.Time `json:"created_at"`
	Token          string    `json:"token"`
}

func (s *Server) handleInvitationCreate(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "organization")
	if err != nil {
		return err
	}
	var req invitationRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	inv, err := s.svc.CreateInvitation(c.UserContext(), principal(c), id, core.InvitationInput{Email: req.Email, Role: req.Role})
	if err != nil {
		return err
	}
	r := inv.Row
	return one(c, fiber.StatusCreated, r.ID, "pending", r.CreatedAt, invitationJSON{ID: r.ID.String(),
		OrganizationID: r.OrganizationID.String(), Email: r.Email, Role: r.Role, InvitedBy: r.InvitedBy.String(),
		ExpiresAt: r.ExpiresAt.UTC(), CreatedAt: r.CreatedAt.UTC(), Token: inv.Token})
}

// joinedJSON is the answer to accepting an invitation: the organization
// joined and a key for it, shown once.
type joinedJSON struct {
	Organization organizationJSON `json:"organization"`
	APIKey       createdKeyJSON   `json:"api_key"`
}

func (s *Server) handleInvitationAccept(c *fiber.Ctx) error {
	j, err := s.svc.AcceptInvitation(c.UserContext(), principal(c), c.Params("token"))
	if err != nil {
		return err
	}
	o := j.Org
	mo := db.MemberOrganization{ID: o.ID, Name: o.Name, Plan: o.Plan, Role: j.Role, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt}
	return one(c, fiber.StatusCreated, o.ID, "active", j.Key.Row.CreatedAt, joinedJSON{
		Organization: toOrganization(&mo), APIKey: toCreatedKey(j.Key, s.svc.Now())})
}

func (s *Server) handleMemberRemove(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "organization")
	if err != nil {
		return err
	}
	userID, err := pathID(c, "user_id", "member")
	if err != nil {
		return err
	}
	if err := s.svc.RemoveMember(c.UserContext(), principal(c), id, userID); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// signingSecretJSON is a freshly rotated signing secret, shown once.
type signingSecretJSON struct {
	OrganizationID string    `json:"organization_id"`
	SigningSecret  string    `json:"signing_secret"`
	RotatedAt      time.Time `json:"rotated_at"`
}

func (s *Server) handleSigningSecretRotate(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "organization")
	if err != nil {
		return err
	}
	o, err := s.svc.RotateSigningSecret(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, o.ID, "active", o.CreatedAt, signingSecretJSON{OrganizationID: o.ID.String(),
		SigningSecret: o.SigningSecret, RotatedAt: o.UpdatedAt.UTC()})
}
