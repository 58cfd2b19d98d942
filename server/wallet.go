package server

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/wallet"
)

// Wallet sign-in (Sign-In With Solana): the flows live in package wallet;
// these handlers decode, call it and convert. nonce and verify are public
// and limited per client IP (server/ratelimit.go); the other four need a
// credential.

// maxWalletBody bounds the bodies of the wallet routes: a proof is an
// address, a signature and a message of at most wallet.MaxMessageLen
// bytes.
const maxWalletBody = 8 << 10

// isWalletRoute reports the routes whose bodies maxWalletBody bounds.
func isWalletRoute(c *fiber.Ctx) bool {
	p := strings.TrimSuffix(strings.ToLower(c.Path()), "/")
	return publicPath(p) == walletRoute || p == "/api/v1/auth/wallet/solana/link"
}

type walletNonceRequest struct {
	Address *string `json:"address"`
}

type walletNonceJSON struct {
	Nonce     string    `json:"nonce"`
	Message   string    `json:"message"`
	ExpiresAt time.Time `json:"expires_at"`
}

// walletProofRequest is the body of verify and link.
type walletProofRequest struct {
	Address   *string `json:"address"`
	Signature *string `json:"signature"`
	Message   *string `json:"message"`
	// OrganizationID picks the organization the session acts in (verify
	// only); the user's first one by default.
	OrganizationID *string `json:"organization_id"`
}

func (r *walletProofRequest) proof() wallet.Proof {
	deref := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	return wallet.Proof{Address: deref(r.Address), Signature: deref(r.Signature), Message: deref(r.Message)}
}

type walletSessionJSON struct {
	AccessToken  string         `json:"access_token"`
	TokenType    string         `json:"token_type"`
	ExpiresAt    time.Time      `json:"expires_at"`
	User         walletUserJSON `json:"user"`
	Organization meOrgJSON      `json:"organization"`
}

type walletUserJSON struct {
	ID             string     `json:"id"`
	Name           string     `json:"name"`
	WalletAddress  *string    `json:"wallet_address"`
	WalletLinkedAt *time.Time `json:"wallet_linked_at"`
	CreatedAt      time.Time  `json:"created_at"`
	NewUser        bool       `json:"new_user"`
}

type walletStatusJSON struct {
	Linked   bool       `json:"linked"`
	Address  *string    `json:"address"`
	LinkedAt *time.Time `json:"linked_at"`
}

func toWalletStatus(u *db.User) walletStatusJSON {
	return walletStatusJSON{Linked: u.WalletAddress != nil, Address: u.WalletAddress, LinkedAt: utcPtr(u.WalletLinked)}
}

// walletService is the wallet sign-in, or 503 when the server has no
// public URL to bind messages to.
func (s *Server) walletService() (*wallet.Service, error) {
	if s.wallet == nil {
		return nil, &core.Error{Code: core.CodeUnavailable, Message: "wallet sign-in needs BULWARK_PUBLIC_URL"}
	}
	return s.wallet, nil
}

// requester carries the request's ip, agent and id for audit entries of
// unauthenticated routes.
func requester(c *fiber.Ctx) *core.Principal {
	return &core.Principal{IP: clientAddr(c).String(), Agent: truncate(c.Get(fiber.HeaderUserAgent), 512), Request: requestIDOf(c)}
}

func (s *Server) handleWalletNonce(c *fiber.Ctx) error {
	w, err := s.walletService()
	if err != nil {
		return err
	}
	var req walletNonceRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.Address == nil {
		return core.Missing("address")
	}
	ch, err := w.Nonce(c.UserContext(), *req.Address)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).JSON(walletNonceJSON{Nonce: ch.Nonce, Message: ch.Message, ExpiresAt: ch.ExpiresAt.UTC()})
}

func (s *Server) handleWalletVerify(c *fiber.Ctx) error {
	w, err := s.walletService()
	if err != nil {
		return err
	}
	var req walletProofRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	var orgID *uuid.UUID
	if req.OrganizationID != nil {
		id, err := parseUUIDField("organization_id", *req.OrganizationID)
		if err != nil {
			return err
		}
		orgID = &id
	}
	signIn, err := w.Verify(c.UserContext(), requester(c), req.proof(), orgID)
	if err != nil {
		return err
	}
	u, o := signIn.User, signIn.Org
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).JSON(walletSessionJSON{
		AccessToken: signIn.Session.Token, TokenType: "Bearer", ExpiresAt: signIn.Session.Row.ExpiresAt.UTC(),
		User: walletUserJSON{ID: u.ID.String(), Name: u.Name, WalletAddress: u.WalletAddress,
			WalletLinkedAt: utcPtr(u.WalletLinked), CreatedAt: u.CreatedAt.UTC(), NewUser: signIn.NewUser},
		Organization: meOrgJSON{ID: o.Org.ID.String(), Name: o.Org.Name, Plan: o.Org.Plan, Role: o.Role},
	})
}

func (s *Server) handleWalletLink(c *fiber.Ctx) error {
	w, err := s.walletService()
	if err != nil {
		return err
	}
	var req walletProofRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.OrganizationID != nil {
		return core.Invalid("organization_id", "unknown", "organization_id applies to verify only")
	}
	u, err := w.Link(c.UserContext(), principal(c), req.proof())
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusOK).JSON(toWalletStatus(u))
}

func (s *Server) handleWalletUnlink(c *fiber.Ctx) error {
	w, err := s.walletService()
	if err != nil {
		return err
	}
	u, err := w.Unlink(c.UserContext(), principal(c))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusOK).JSON(toWalletStatus(u))
}

func (s *Server) handleWalletStatus(c *fiber.Ctx) error {
	w, err := s.walletService()
	if err != nil {
		return err
	}
	u, err := w.Status(c.UserContext(), principal(c))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusOK).JSON(toWalletStatus(u))
}

func (s *Server) handleWalletLookup(c *fiber.Ctx) error {
	w, err := s.walletService()
	if err != nil {
		return err
	}
	id, err := w.Lookup(c.UserContext(), c.Params("address"))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusOK).JSON(fiber.Map{"user_id": id.String()})
}
