package app

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// MaxWebhookBody is GitHub's cap on a webhook payload (25 MB); the server
// refuses larger bodies before reading them.
const MaxWebhookBody = 25 << 20

var deliveryPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// verifySignature checks X-Hub-Signature-256 (HMAC-SHA256 of the exact
// body) in constant time. The SHA-1 X-Hub-Signature is never enough.
func verifySignature(secret, body []byte, header string) error {
	if header == "" {
		return errors.New("X-Hub-Signature-256 is missing (the SHA-1 X-Hub-Signature is not accepted)")
	}
	hexSig, ok := strings.CutPrefix(header, "sha256=")
	if !ok {
		return errors.New("X-Hub-Signature-256 must be sha256=<hex>")
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil || len(got) != sha256.Size {
		return errors.New("X-Hub-Signature-256 must be sha256=<64 hex digits>")
	}
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	if !hmac.Equal(m.Sum(nil), got) {
		return errors.New("X-Hub-Signature-256 does not match the body")
	}
	return nil
}

type answer struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	Event  string `json:"event,omitempty"`
}

func (a *App) ignore(c *fiber.Ctx, event, delivery, reason string) error {
	a.log.Debug("github webhook ignored", "event", event, "delivery", delivery, "reason", reason)
	return c.Status(fiber.StatusOK).JSON(answer{Status: "ignored", Reason: reason, Event: event})
}

// handleWebhook is POST /github/webhook.
func (a *App) handleWebhook(c *fiber.Ctx) error {
	// The raw body: c.Body() would inflate a Content-Encoding before the
	// signature is checked.
	body := c.Request().Body()
	if enc := c.Get(fiber.HeaderContentEncoding); enc != "" && !strings.EqualFold(enc, "identity") {
		return core.Errorf(core.CodeInvalidRequest, "Content-Encoding %q is not accepted", enc)
	}
	if err := verifySignature(a.cfg.WebhookSecret, body, c.Get("X-Hub-Signature-256")); err != nil {
		return core.Errorf(core.CodeUnauthorized, "%s", err.Error())
	}
	event := c.Get("X-GitHub-Event")
	delivery := c.Get("X-GitHub-Delivery")
	if event == "" || len(event) > 64 {
		return core.Errorf(core.CodeInvalidRequest, "X-GitHub-Event is missing")
	}
	if !deliveryPattern.MatchString(delivery) {
		return core.Errorf(core.CodeInvalidRequest, "X-GitHub-Delivery must be GitHub's delivery GUID")
	}
	if event == "ping" {
		return c.JSON(answer{Status: "pong", Event: event})
	}
	p, err := decodePayload(body)
	if err != nil {
		return core.Errorf(core.CodeInvalidRequest, "the payload is not a JSON object: %s", jsonErr(err))
	}
	switch event {
	case "installation", "installation_repositories", "push", "pull_request", "check_suite", "check_run":
	default:
		return a.ignore(c, event, delivery, "event "+event+" is not handled")
	}
	if p.Installation == nil || p.Installation.ID <= 0 {
		return a.ignore(c, event, delivery, "the payload names no installation")
	}
	ctx := c.UserContext()
	switch event {
	case "installation", "installation_repositories":
		return a.installationEvent(c, ctx, event, delivery, p)
	}
	in, err := a.svc.GitHubInstallation(ctx, p.Installation.ID)
	if core.IsCode(err, core.CodeNotFound) {
		return a.ignore(c, event, delivery, "the installation is unknown")
	}
	if err != nil {
		return err
	}
	if !in.Active() {
		return a.ignore(c, event, delivery, "the installation is suspended or deleted")
	}
	t, why := triggerOf(event, p, a.cfg.ScanTags)
	if t == nil {
		return a.ignore(c, event, delivery, why)
	}
	t.Delivery = delivery
	fresh, err := a.svc.RecordGitHubDelivery(ctx, &db.GitHubDelivery{ID: delivery, Event: event, Action: p.Action, InstallationID: in.ID})
	if err != nil {
		return err
	}
	if !fresh {
		return c.JSON(answer{Status: "duplicate", Event: event})
	}
	if err := a.enqueueEvent(ctx, t); err != nil {
		a.forget(ctx, delivery)
		a.log.Error("queue github event", "delivery", delivery, "err", err)
		return core.Errorf(core.CodeUnavailable, "the event could not be queued; redeliver it")
	}
	return c.Status(fiber.StatusAccepted).JSON(answer{Status: "queued", Event: event})
}

// installationEvent applies installation and installation_repositories
// deliveries at once: they only write rows, and a push right after an
// installation must find it.
func (a *App) installationEvent(c *fiber.Ctx, ctx context.Context, event, delivery string, p *payload) error {
	id := p.Installation.ID
	in, err := a.svc.GitHubInstallation(ctx, id)
	known := err == nil
	if err != nil && !core.IsCode(err, core.CodeNotFound) {
		return err
	}
	if known && in.DeletedAt != nil {
		return a.ignore(c, event, delivery, "the installation was deleted")
	}
	acct := core.GitHubAccount{InstallationID: id}
	if p.Installation.Account != nil {
		acct.Login, acct.Type = p.Installation.Account.Login, p.Installation.Account.Type
	}
	var work func() error
	switch {
	case event == "installation" && p.Action == "created",
		event == "installation" && p.Action == core.GitHubAccepted && !known,
		event == "installation_repositories" && !known:
		if acct.Login == "" {
			return a.ignore(c, event, delivery, "the payload names no account")
		}
		list := p.Repositories
		if event == "installation_repositories" {
			list = p.RepositoriesAdded
		}
		work = func() error {
			_, _, err := a.svc.InstallGitHub(ctx, acct, repos(list), a.cfg.DefaultPlan, delivery)
			return err
		}
	case !known:
		return a.ignore(c, event, delivery, "the installation is unknown")
	case event == "installation":
		switch p.Action {
		case core.GitHubSuspend, core.GitHubUnsuspend, core.GitHubDelete, core.GitHubAccepted:
		default:
			return a.ignore(c, event, delivery, "installation action "+p.Action+" is not handled")
		}
		work = func() error { return a.svc.SetGitHubInstallationState(ctx, in, p.Action, delivery) }
	case p.Action == "added":
		work = func() error { return a.svc.AddGitHubRepositories(ctx, in, repos(p.RepositoriesAdded), delivery) }
	case p.Action == "removed":
		work = func() error { return a.svc.RemoveGitHubRepositories(ctx, in, repos(p.RepositoriesRemoved), delivery) }
	default:
		return a.ignore(c, event, delivery, "installation_repositories action "+p.Action+" is not handled")
	}
	fresh, err := a.svc.RecordGitHubDelivery(ctx, &db.GitHubDelivery{ID: delivery, Event: event, Action: p.Action, InstallationID: id})
	if err != nil {
		return err
	}
	if !fresh {
		return c.JSON(answer{Status: "duplicate", Event: event})
	}
	if err := work(); err != nil {
		a.forget(ctx, delivery)
		return err
	}
	a.log.Info("github installation event", "event", event, "action", p.Action, "installation", id, "delivery", delivery)
	return c.JSON(answer{Status: "applied", Event: event})
}

// forget removes a delivery whose work did not happen (not queued, or
// failed), so GitHub's redelivery is work and not a duplicate.
func (a *App) forget(ctx context.Context, delivery string) {
	if err := a.svc.ForgetGitHubDelivery(context.WithoutCancel(ctx), delivery); err != nil {
		a.log.Error("forget github delivery", "delivery", delivery, "err", err)
	}
}

// jsonErr shortens a decoding error for a client.
func jsonErr(err error) string {
	s := err.Error()
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}
