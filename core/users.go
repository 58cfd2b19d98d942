package core

import (
	"context"
	"errors"

	"github.com/bulwark-sec/bulwark/db"
)

// Me is the caller as GET /users/me shows it: the user, the organization
// the credential acts in with the user's role there, and the key (nil for
// a wallet session).
type Me struct {
	User *db.User
	Org  *db.Organization
	Role string
	Key  *db.APIKey
}

// GetMe loads the caller's user, organization and key.
func (s *Service) GetMe(ctx context.Context, p *Principal) (*Me, error) {
	u, err := db.GetUser(ctx, s.DB, p.UserID)
	if err != nil {
		return nil, dbErr(err, "user")
	}
	org, err := db.GetOrganization(ctx, s.DB, p.OrgID)
	if err != nil {
		return nil, dbErr(err, "organization")
	}
	me := &Me{User: u, Org: org, Role: p.Role}
	k := new(db.APIKey)
	err = s.DB.NewSelect().Model(k).Where("id = ? AND organization_id = ?", p.KeyID, p.OrgID).Scan(ctx)
	switch err = db.NotFoundErr(err); {
	case err == nil:
		me.Key = k
	case !errors.Is(err, db.ErrNotFound):
		return nil, err
	}
	return me, nil
}
