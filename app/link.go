package app

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/go-github/v62/github"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
)

// The link flow lets an admin of an existing organization adopt an
// installation, with proof: POST /api/v1/github/link returns GitHub's
// install URL with a state bound to the organization and the user; the
// App is registered with "request user authorization (OAuth) during
// installation", so GitHub sends the user to GET /github/setup with the
// installation id, the state and an OAuth code. The code is exchanged for
// a user token, and GET /user/installations must list the installation:
// an installation id in a query string alone never moves anything.

const linkTTL = 30 * time.Minute

// LinkStart is what POST /api/v1/github/link answers.
type LinkStart struct {
	InstallURL string    `json:"install_url"`
	ExpiresAt  time.Time `json:"expires_at"`
}

func (a *App) stateMAC(b []byte) []byte {
	k := hmac.New(sha256.New, a.svc.Reports.Secret)
	k.Write([]byte("bulwark github link state v1"))
	m := hmac.New(sha256.New, k.Sum(nil))
	m.Write(b)
	return m.Sum(nil)[:16]
}

// StartLink returns the install URL for an admin of p's organization.
func (a *App) StartLink(p *core.Principal) (*LinkStart, error) {
	if !a.cfg.LinkEnabled() {
		return nil, core.Errorf(core.CodeNotFound, "linking installations is not configured on this server (BULWARK_GITHUB_CLIENT_ID, BULWARK_GITHUB_CLIENT_SECRET, BULWARK_GITHUB_APP_SLUG)")
	}
	if !p.AtLeast(core.RoleAdmin) {
		return nil, core.Errorf(core.CodePermissionDenied, "linking a GitHub installation needs the admin role")
	}
	if p.UserID == uuid.Nil {
		return nil, core.Errorf(core.CodePermissionDenied, "linking a GitHub installation needs a user's key")
	}
	exp := a.svc.Now().Add(linkTTL)
	b := make([]byte, 40, 56)
	copy(b, p.OrgID[:])
	copy(b[16:], p.UserID[:])
	binary.BigEndian.PutUint64(b[32:], uint64(exp.Unix()))
	b = append(b, a.stateMAC(b)...)
	state := base64.RawURLEncoding.EncodeToString(b)
	u := fmt.Sprintf("%s/apps/%s/installations/new?state=%s", a.cfg.WebURL, url.PathEscape(a.cfg.Slug), state)
	return &LinkStart{InstallURL: u, ExpiresAt: exp}, nil
}

func (a *App) verifyState(s string) (org, user uuid.UUID, err error) {
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(b) != 56 || !hmac.Equal(a.stateMAC(b[:40]), b[40:]) {
		return uuid.Nil, uuid.Nil, errors.New("the link request is not valid")
	}
	if time.Now().Unix() >= int64(binary.BigEndian.Uint64(b[32:40])) {
		return uuid.Nil, uuid.Nil, errors.New("the link request expired; start again from bulwark")
	}
	org, _ = uuid.FromBytes(b[:16])
	user, _ = uuid.FromBytes(b[16:32])
	return org, user, nil
}

var setupPage = template.Must(template.New("setup").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><title>bulwark · GitHub App</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>{{.Title}}</h1><p>{{.Message}}</p></body></html>`))

func (a *App) page(c *fiber.Ctx, status int, title, msg string) error {
	c.Status(status)
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set("Cache-Control", "no-store")
	c.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	return setupPage.Execute(c.Response().BodyWriter(), map[string]string{"Title": title, "Message": msg})
}

// handleSetup is GitHub's setup URL: GET /github/setup.
func (a *App) handleSetup(c *fiber.Ctx) error {
	state := c.Query("state")
	id, err := strconv.ParseInt(c.Query("installation_id"), 10, 64)
	if err != nil || id <= 0 {
		return a.page(c, fiber.StatusBadRequest, "Unknown installation", "GitHub did not say which installation this is.")
	}
	if state == "" {
		return a.page(c, fiber.StatusOK, "bulwark is installed",
			"Every push and pull request of the repositories you selected is scanned from now on; results appear as the bulwark check run, a commit status and a pull-request comment.")
	}
	orgID, userID, err := a.verifyState(state)
	if err != nil {
		return a.page(c, fiber.StatusBadRequest, "Link refused", err.Error())
	}
	code := c.Query("code")
	if code == "" {
		return a.page(c, fiber.StatusBadRequest, "Link refused",
			"GitHub sent no authorization code: the App must request user authorization during installation.")
	}
	ctx := c.UserContext()
	ok, err := a.userSees(ctx, code, id)
	if err != nil {
		a.log.Warn("github link: proof failed", "installation", id, "err", err)
		return a.page(c, fiber.StatusBadGateway, "Link refused", "GitHub could not confirm the installation; try again.")
	}
	if !ok {
		return a.page(c, fiber.StatusForbidden, "Link refused", "Your GitHub account cannot see this installation.")
	}
	p, err := a.svc.MemberPrincipal(ctx, orgID, userID, c.Get(fiber.HeaderXRequestID))
	if err == nil {
		_, err = a.svc.LinkGitHubInstallation(ctx, p, id)
	}
	switch {
	case err == nil:
		return a.page(c, fiber.StatusOK, "Installation linked",
			"Scans of this installation's repositories now land in your bulwark organization.")
	case core.IsCode(err, core.CodePermissionDenied):
		return a.page(c, fiber.StatusForbidden, "Link refused", "Linking needs an admin of the bulwark organization.")
	case core.IsCode(err, core.CodeNotFound):
		return a.page(c, fiber.StatusNotFound, "Unknown installation",
			"bulwark has not received this installation from GitHub yet; wait a moment and reload.")
	}
	return err
}

// userSees exchanges an OAuth code for a user token and reports whether
// that user can see installation id (GET /user/installations).
func (a *App) userSees(ctx context.Context, code string, id int64) (bool, error) {
	form := url.Values{"client_id": {a.cfg.ClientID}, "client_secret": {a.cfg.ClientSecret}, "code": {code}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.cfg.WebURL+"/login/oauth/access_token",
		strings.NewReader(form.Encode()))
	if err != nil {
		return false, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := a.base.Do(req)
	if err != nil {
		return false, err
	}
	defer res.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
		Error       string `json:"error"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&tok); err != nil {
		return false, fmt.Errorf("oauth answer: %w", err)
	}
	if tok.AccessToken == "" {
		return false, nil // a bad or used code proves nothing
	}
	gh, err := a.newClient(&http.Client{Timeout: 30 * time.Second, Transport: a.base.Transport})
	if err != nil {
		return false, err
	}
	gh = gh.WithAuthToken(tok.AccessToken)
	opt := &github.ListOptions{PerPage: 100}
	for page := 0; page < 20; page++ {
		list, resp, err := gh.Apps.ListUserInstallations(ctx, opt)
		if err != nil {
			return false, err
		}
		for _, in := range list {
			if in.GetID() == id {
				return true, nil
			}
		}
		if resp.NextPage == 0 {
			break
		}
		opt.Page = resp.NextPage
	}
	return false, nil
}
