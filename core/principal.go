package core

import (
	"slices"
	"strings"

	"github.com/google/uuid"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	OrgID  uuid.UUID
	UserID uuid.UUID
	// KeyID is the API key of the request, SessionID the session
	// (core/sessions.go); a request has one of them.
	KeyID     uuid.UUID
	SessionID uuid.UUID
	Role      string
	Plan      string
	Scopes    []string
	IP        string
	Agent     string
	Request   string
}

// Scope resources of decisions.md.
var ScopeResources = []string{"contracts", "scans", "vulnerabilities", "projects", "webhooks",
	"quality_gates", "audit_logs", "api_keys", "organizations", "usage", "exports", "economic"}

// ValidScope reports whether s is a scope decisions.md defines.
func ValidScope(s string) bool {
	if s == "*" {
		return true
	}
	res, act, ok := strings.Cut(s, ":")
	return ok && (act == "read" || act == "write") && slices.Contains(ScopeResources, res)
}

// Can reports whether the principal holds scope (or "*"). A write scope
// implies the read scope of the same resource.
func (p *Principal) Can(scope string) bool {
	for _, s := range p.Scopes {
		if s == "*" || s == scope {
			return true
		}
		if res, act, _ := strings.Cut(scope, ":"); act == "read" && s == res+":write" {
			return true
		}
	}
	return false
}

// Roles in order of power.
const (
	RoleOwner  = "owner"
	RoleAdmin  = "admin"
	RoleMember = "member"
	RoleViewer = "viewer"
)

var roleRank = map[string]int{RoleViewer: 0, RoleMember: 1, RoleAdmin: 2, RoleOwner: 3}

// ValidRole reports whether r is a known role.
func ValidRole(r string) bool { _, ok := roleRank[r]; return ok }

// AtLeast reports whether the principal's role is at least r.
func (p *Principal) AtLeast(r string) bool { return roleRank[p.Role] >= roleRank[r] }
