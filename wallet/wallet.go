// Package wallet owns Sign-In With Solana: the sign-in message, wallet
// addresses and signatures, the nonces, and the flows of the six
// /auth/wallet/solana routes (nonce, verify, link, unlink, status,
// lookup). It calls core for users, organizations, sessions and audit
// entries; core never imports it.
//
// The flow follows the SIWS / EIP-4361 practice of Phantom and the
// SIWE/SIWS libraries: the server issues the exact message to sign,
// binding its domain and URI, the address, version 1, the chain, a
// single-use nonce and a five-minute window; verify parses the signed
// message back, checks the Ed25519 signature over its exact bytes, checks
// every field against what was issued, and consumes the nonce in the
// transaction that creates the session, so a failed sign-in leaves
// nothing behind and a nonce signs in once.
package wallet

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// Constants of the issued messages and the sessions they open.
const (
	// NonceTTL is how long an issued message can be signed in with.
	NonceTTL = 5 * time.Minute
	// Version is the SIWS message version.
	Version = "1"
	// DefaultChainID is the Chain ID of the messages (SIWS uses Solana's
	// cluster names).
	DefaultChainID = "mainnet"
	// Method names the sessions wallet sign-in issues.
	Method = "wallet:solana"
	// Statement is the human-readable line of every message.
	Statement = "Sign in to bulwark with this wallet. This request will not trigger a blockchain transaction or cost any fees."
	// timeLayout writes issued-at and expiration as JavaScript's
	// toISOString does (millisecond precision, UTC).
	timeLayout = "2006-01-02T15:04:05.000Z"
)

// Service runs the wallet sign-in flows.
type Service struct {
	Core *core.Service
	// Domain and URI are what every message binds, from BULWARK_PUBLIC_URL:
	// a message issued for another site is refused.
	Domain  string
	URI     string
	ChainID string
}

// New returns the service for the server reachable at publicURL.
func New(svc *core.Service, publicURL string) (*Service, error) {
	u, err := url.Parse(publicURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("wallet sign-in needs an http(s) public URL, got %q", publicURL)
	}
	return &Service{Core: svc, Domain: u.Host, URI: strings.TrimSuffix(u.String(), "/"), ChainID: DefaultChainID}, nil
}

// Challenge is an issued sign-in message.
type Challenge struct {
	Nonce     string
	Message   string
	ExpiresAt time.Time
}

// Nonce issues the message address signs to sign in or link.
func (w *Service) Nonce(ctx context.Context, address string) (*Challenge, error) {
	if _, err := addressField("address", address); err != nil {
		return nil, err
	}
	nonce := newNonce()
	now := w.Core.Now().Truncate(time.Millisecond)
	row := &db.WalletNonce{ID: uuid.Must(uuid.NewV7()), Hash: hashNonce(nonce), Chain: "solana", Address: address,
		IssuedAt: now, ExpiresAt: now.Add(NonceTTL)}
	// Expired nonces are kept an hour (so a late verify is told its nonce
	// expired), then deleted by the next issue.
	if err := db.DeleteWalletNoncesBefore(ctx, w.Core.DB, now.Add(-time.Hour)); err != nil {
		return nil, fmt.Errorf("delete expired wallet nonces: %w", err)
	}
	if _, err := w.Core.DB.NewInsert().Model(row).Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert wallet nonce: %w", err)
	}
	return &Challenge{Nonce: nonce, Message: w.message(row, nonce).String(), ExpiresAt: row.ExpiresAt}, nil
}

// message is the message issued with nonce row.
func (w *Service) message(row *db.WalletNonce, nonce string) *Message {
	return &Message{Domain: w.Domain, Address: row.Address, Statement: Statement, URI: w.URI, Version: Version,
		ChainID: w.ChainID, Nonce: nonce, IssuedAt: row.IssuedAt.UTC().Format(timeLayout),
		ExpirationTime: row.ExpiresAt.UTC().Format(timeLayout)}
}

// nonceAlphabet is SIWE's: alphanumeric.
const nonceAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// newNonce returns 32 random alphanumeric characters (190 bits).
func newNonce() string {
	b := make([]byte, 32)
	out := make([]byte, 0, 32)
	for len(out) < 32 {
		if _, err := rand.Read(b); err != nil {
			panic("crypto/rand: " + err.Error())
		}
		for _, c := range b {
			// 248 = 4 × 62: reject the rest to stay uniform.
			if c < 248 && len(out) < 32 {
				out = append(out, nonceAlphabet[c%62])
			}
		}
	}
	return string(out)
}

func hashNonce(n string) string {
	s := sha256.Sum256([]byte(n))
	return hex.EncodeToString(s[:])
}

// Proof is a signed sign-in message, as verify and link receive it.
type Proof struct {
	Address   string
	Signature string
	Message   string
}

// SignIn is a successful wallet sign-in.
type SignIn struct {
	Session *core.NewSession
	User    *db.User
	Org     *core.SignInOrg
	// NewUser is set on the first sign-in of the address.
	NewUser bool
}

// Verify signs the wallet in: it checks the proof, consumes its nonce and
// issues a session acting in orgID (the user's first organization when
// nil). The first sign-in of an address creates its user and a personal
// free organization. caller carries the request's ip, agent and id for
// the audit entry.
func (w *Service) Verify(ctx context.Context, caller *core.Principal, in Proof, orgID *uuid.UUID) (*SignIn, error) {
	msg, err := w.checkSignature(in)
	if err != nil {
		return nil, err
	}
	var out SignIn
	err = w.Core.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := w.consume(ctx, tx, in, msg); err != nil {
			return err
		}
		now := w.Core.Now()
		u, err := db.GetUserByWallet(ctx, tx, in.Address)
		if errors.Is(err, db.ErrNotFound) {
			// First sign-in. A concurrent first sign-in of the same
			// address (another nonce) may insert first: ON CONFLICT
			// waits for it, inserts nothing, and the user it made is
			// read back (READ COMMITTED sees it once it committed).
			id := uuid.Must(uuid.NewV7())
			addr := in.Address
			nu := &db.User{ID: id, Email: "wallet-" + id.String() + "@wallet.invalid", Name: shortAddress(addr),
				WalletAddress: &addr, WalletLinked: &now, CreatedAt: now, UpdatedAt: now}
			res, err := tx.NewInsert().Model(nu).On("CONFLICT (wallet_address) DO NOTHING").Exec(ctx)
			if err != nil {
				return fmt.Errorf("insert wallet user: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				u, out.NewUser = nu, true
			} else if u, err = db.GetUserByWallet(ctx, tx, in.Address); err != nil {
				return fmt.Errorf("load wallet user created concurrently: %w", err)
			}
		} else if err != nil {
			return err
		}
		out.User = u
		if out.Org, err = w.Core.SignInOrganization(ctx, tx, u.ID, orgID, "Personal ("+shortAddress(in.Address)+")"); err != nil {
			return err
		}
		if out.Session, err = w.Core.IssueSession(ctx, tx, u.ID, out.Org.Org.ID, Method, in.Address); err != nil {
			return err
		}
		p := actor(caller, out.Org.Org.ID, u.ID)
		return w.Core.Audit(ctx, tx, p, "auth.wallet.verified", "user", u.ID.String(), map[string]any{
			"address": in.Address, "session_id": out.Session.Row.ID.String(), "new_user": out.NewUser,
			"session_expires_at": out.Session.Row.ExpiresAt.UTC().Format(time.RFC3339)})
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// actor is the audit principal of a request made as user in org.
func actor(caller *core.Principal, orgID, userID uuid.UUID) *core.Principal {
	p := &core.Principal{OrgID: orgID, UserID: userID}
	if caller != nil {
		p.IP, p.Agent, p.Request, p.KeyID, p.SessionID = caller.IP, caller.Agent, caller.Request, caller.KeyID, caller.SessionID
	}
	return p
}

// shortAddress is how a person reads an address: its ends.
func shortAddress(a string) string {
	if len(a) <= 12 {
		return a
	}
	return a[:4] + "…" + a[len(a)-4:]
}

// refuse is a sign-in the proof does not support: 401 UNAUTHORIZED with
// details {field, reason}, reason naming the check that failed.
func refuse(field, reason, message string) *core.Error {
	return &core.Error{Code: core.CodeUnauthorized, Message: message,
		Details: map[string]any{"field": field, "reason": reason}}
}

// addressField validates an address given in field.
func addressField(field, s string) (ed25519.PublicKey, error) {
	if s == "" {
		return nil, core.Missing(field)
	}
	pub, err := ParseAddress(s)
	switch {
	case errors.Is(err, ErrNotBase58):
		return nil, core.Invalid(field, "not_base58", field+" must be a base58 Solana address")
	case err != nil:
		return nil, core.Invalid(field, "not_32_bytes", field+" must decode to a 32-byte Ed25519 public key")
	}
	return pub, nil
}

// checkSignature does every check of a proof that needs no database: the
// address, the signature's encoding, the message's form and address, and
// the Ed25519 signature over the message's exact bytes.
func (w *Service) checkSignature(in Proof) (*Message, error) {
	pub, err := addressField("address", in.Address)
	if err != nil {
		return nil, err
	}
	if in.Signature == "" {
		return nil, core.Missing("signature")
	}
	sig, err := ParseSignature(in.Signature)
	switch {
	case errors.Is(err, ErrSignatureLen):
		return nil, core.Invalid("signature", "not_64_bytes", "signature must decode to 64 bytes")
	case err != nil:
		return nil, core.Invalid("signature", "malformed", "signature must be base58 or base64")
	}
	if in.Message == "" {
		return nil, core.Missing("message")
	}
	if len(in.Message) > MaxMessageLen {
		return nil, core.Invalid("message", "too_long", fmt.Sprintf("message must be at most %d bytes", MaxMessageLen))
	}
	msg, err := ParseMessage(in.Message)
	if err != nil {
		return nil, core.Invalid("message", "malformed", err.Error())
	}
	if msg.Address != in.Address {
		return nil, core.Invalid("message", "address_mismatch", "the message names another address than the request")
	}
	if !ed25519.Verify(pub, []byte(in.Message), sig) {
		return nil, refuse("signature", "invalid_signature", "the signature does not verify against the message and the address's key")
	}
	// Signed by the address's key: now check it says what was issued.
	switch {
	case msg.Domain != w.Domain:
		return nil, refuse("message", "domain_mismatch", "the message was issued for another domain than "+w.Domain)
	case msg.URI != w.URI:
		return nil, refuse("message", "uri_mismatch", "the message was issued for another URI than "+w.URI)
	case msg.Version != Version:
		return nil, refuse("message", "version_mismatch", "the message version must be "+Version)
	case msg.ChainID != w.ChainID:
		return nil, refuse("message", "chain_id_mismatch", "the message chain ID must be "+w.ChainID)
	case msg.Statement != Statement:
		return nil, refuse("message", "statement_mismatch", "the message statement is not the one issued")
	case msg.Nonce == "":
		return nil, refuse("message", "nonce_unknown", "the message carries no nonce")
	case msg.NotBefore != "" || msg.RequestID != "" || len(msg.Resources) > 0:
		return nil, refuse("message", "unexpected_field", "the message carries fields that were not issued")
	}
	return msg, nil
}

// consume finds the proof's nonce, checks it against the message and the
// clock, and consumes it inside tx: of concurrent sign-ins with one nonce
// exactly one gets here without error.
func (w *Service) consume(ctx context.Context, tx bun.IDB, in Proof, msg *Message) error {
	n, err := db.GetWalletNonceByHash(ctx, tx, hashNonce(msg.Nonce))
	if errors.Is(err, db.ErrNotFound) {
		return refuse("message", "nonce_unknown", "the message's nonce was not issued by this server")
	}
	if err != nil {
		return err
	}
	now := w.Core.Now()
	want := w.message(n, msg.Nonce)
	switch {
	case n.Address != in.Address:
		return refuse("message", "nonce_address_mismatch", "the nonce was issued to another address")
	case n.ConsumedAt != nil:
		return refuse("message", "nonce_used", "the nonce was already used; request a new one")
	case !now.Before(n.ExpiresAt):
		return refuse("message", "nonce_expired", "the nonce expired at "+n.ExpiresAt.UTC().Format(time.RFC3339)+"; request a new one")
	case msg.IssuedAt != want.IssuedAt:
		return refuse("message", "issued_at_mismatch", "the message's Issued At is not the one issued")
	case msg.ExpirationTime != want.ExpirationTime:
		return refuse("message", "expiration_mismatch", "the message's Expiration Time is not the one issued")
	case in.Message != want.String():
		return refuse("message", "not_as_issued", "the message differs from the one issued")
	}
	ok, err := db.ConsumeWalletNonce(ctx, tx, n.ID, now)
	if err != nil {
		return err
	}
	if !ok {
		return refuse("message", "nonce_used", "the nonce was already used; request a new one")
	}
	return nil
}

// managesUser reports whether p stands for its whole user: a session, or
// an API key with every scope. Linking or unlinking a wallet adds or
// removes a way to sign in as the user with the user's full role, which a
// narrower key must not grant itself.
func managesUser(p *core.Principal) bool {
	return p.SessionID != uuid.Nil || p.Can("*")
}

func errNeedsUser() error {
	return &core.Error{Code: core.CodePermissionDenied,
		Message: "linking and unlinking a wallet needs a session or an API key with scope *",
		Details: map[string]any{"required_scope": "*"}}
}

// Link links the proof's address to the caller's user.
func (w *Service) Link(ctx context.Context, p *core.Principal, in Proof) (*db.User, error) {
	if !managesUser(p) {
		return nil, errNeedsUser()
	}
	msg, err := w.checkSignature(in)
	if err != nil {
		return nil, err
	}
	var out *db.User
	err = w.Core.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := w.consume(ctx, tx, in, msg); err != nil {
			return err
		}
		other, err := db.GetUserByWallet(ctx, tx, in.Address)
		switch {
		case err == nil && other.ID != p.UserID:
			return &core.Error{Code: core.CodeDuplicate, Message: "this address is linked to another user",
				Details: map[string]any{"field": "address", "reason": "linked_to_another_user"}}
		case err != nil && !errors.Is(err, db.ErrNotFound):
			return err
		}
		u, err := db.GetUser(ctx, tx, p.UserID)
		if err != nil {
			return fmt.Errorf("load user %s: %w", p.UserID, err)
		}
		out = u
		if u.WalletAddress != nil {
			if *u.WalletAddress == in.Address {
				return nil
			}
			return &core.Error{Code: core.CodeConflict, Message: "another wallet is linked to this user; unlink it first",
				Details: map[string]any{"field": "address", "reason": "another_wallet_linked"}}
		}
		now := w.Core.Now()
		addr := in.Address
		res, err := tx.NewUpdate().Model((*db.User)(nil)).Set("wallet_address = ?", addr).Set("wallet_linked_at = ?", now).
			Set("updated_at = ?", now).Where("id = ? AND wallet_address IS NULL", u.ID).Exec(ctx)
		if db.IsUniqueViolation(err) {
			return &core.Error{Code: core.CodeDuplicate, Message: "this address is linked to another user",
				Details: map[string]any{"field": "address", "reason": "linked_to_another_user"}}
		}
		if err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); k != 1 {
			return core.Errorf(core.CodeConflict, "the user's wallet changed concurrently; retry")
		}
		u.WalletAddress, u.WalletLinked, u.UpdatedAt = &addr, &now, now
		return w.Core.Audit(ctx, tx, p, "auth.wallet.linked", "user", u.ID.String(), map[string]any{"address": addr})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Unlink removes the caller's wallet and revokes the user's wallet
// sessions (the caller's own, if it is one).
func (w *Service) Unlink(ctx context.Context, p *core.Principal) (*db.User, error) {
	if !managesUser(p) {
		return nil, errNeedsUser()
	}
	var u *db.User
	var orgs []uuid.UUID
	err := w.Core.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if u, err = db.GetUser(ctx, tx, p.UserID); err != nil {
			return fmt.Errorf("load user %s: %w", p.UserID, err)
		}
		if u.WalletAddress == nil {
			return core.Errorf(core.CodeNotFound, "no wallet is linked to this user")
		}
		addr := *u.WalletAddress
		now := w.Core.Now()
		res, err := tx.NewUpdate().Model((*db.User)(nil)).Set("wallet_address = NULL").Set("wallet_linked_at = NULL").
			Set("updated_at = ?", now).Where("id = ? AND wallet_address = ?", u.ID, addr).Exec(ctx)
		if err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); k != 1 {
			return core.Errorf(core.CodeConflict, "the user's wallet changed concurrently; retry")
		}
		if orgs, err = w.Core.RevokeSessions(ctx, tx, u.ID, Method); err != nil {
			return err
		}
		u.WalletAddress, u.WalletLinked, u.UpdatedAt = nil, nil, now
		return w.Core.Audit(ctx, tx, p, "auth.wallet.unlinked", "user", u.ID.String(),
			map[string]any{"address": addr, "sessions_revoked_in": len(orgs)})
	})
	if err != nil {
		return nil, err
	}
	for _, o := range orgs {
		w.Core.InvalidateAuth(ctx, o)
	}
	return u, nil
}

// Status returns the caller's user with its wallet fields.
func (w *Service) Status(ctx context.Context, p *core.Principal) (*db.User, error) {
	u, err := db.GetUser(ctx, w.Core.DB, p.UserID)
	if err != nil {
		return nil, fmt.Errorf("load user %s: %w", p.UserID, err)
	}
	return u, nil
}

// Lookup returns the id of the user address is linked to.
func (w *Service) Lookup(ctx context.Context, address string) (uuid.UUID, error) {
	if _, err := addressField("address", address); err != nil {
		return uuid.Nil, err
	}
	u, err := db.GetUserByWallet(ctx, w.Core.DB, address)
	if errors.Is(err, db.ErrNotFound) {
		return uuid.Nil, core.Errorf(core.CodeNotFound, "no user is linked to this address")
	}
	if err != nil {
		return uuid.Nil, err
	}
	return u.ID, nil
}
