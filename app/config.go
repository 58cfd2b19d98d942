// Package app is bulwark's GitHub App: it receives GitHub's webhooks
// (POST /github/webhook), records installations and their repositories as
// organizations and projects, scans every push and pull request with the
// service's pipeline, and answers on GitHub with a check run, a commit
// status and one sticky pull-request comment.
//
// The HTTP side only verifies, de-duplicates and queues; the asynq tasks
// github:event (fetch, upload, scan) and github:report (check run, status,
// comment, run when the scan finishes) do the work, so a delivery is
// answered in milliseconds.
package app

import (
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/bulwark-sec/bulwark/core"
)

// Config is the App's configuration (BULWARK_GITHUB_*).
type Config struct {
	AppID         int64
	PrivateKey    []byte // PEM
	WebhookSecret []byte
	// APIURL is GitHub's REST root (https://api.github.com/, or
	// https://HOST/api/v3/ on GitHub Enterprise Server).
	APIURL string
	// WebURL is GitHub's web root, for OAuth and links to lines
	// (https://github.com, or https://HOST on GitHub Enterprise Server).
	WebURL string
	// PublicURL is bulwark's own public URL, for report links.
	PublicURL string
	// ClientID, ClientSecret and Slug serve the link flow (an existing
	// organization adopting an installation); without them it is off.
	ClientID, ClientSecret, Slug string
	// DefaultPlan is the plan of an installation's own organization.
	DefaultPlan string
	// ScanTags scans pushes of tags too.
	ScanTags bool
}

// LinkEnabled reports whether the link flow is configured.
func (c *Config) LinkEnabled() bool {
	return c.ClientID != "" && c.ClientSecret != "" && c.Slug != ""
}

// ConfigFromEnv reads the App's configuration. It returns nil (and no
// error) when BULWARK_GITHUB_APP_ID is unset: the App is off.
func ConfigFromEnv(getenv func(string) string) (*Config, error) {
	id := strings.TrimSpace(getenv("BULWARK_GITHUB_APP_ID"))
	if id == "" {
		return nil, nil
	}
	c := &Config{DefaultPlan: "developer"}
	var err error
	if c.AppID, err = strconv.ParseInt(id, 10, 64); err != nil || c.AppID <= 0 {
		return nil, errors.New("BULWARK_GITHUB_APP_ID must be a positive integer")
	}
	key := getenv("BULWARK_GITHUB_PRIVATE_KEY")
	if f := getenv("BULWARK_GITHUB_PRIVATE_KEY_FILE"); f != "" {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("BULWARK_GITHUB_PRIVATE_KEY_FILE: %w", err)
		}
		key = string(b)
	}
	if key == "" {
		return nil, errors.New("the GitHub App needs BULWARK_GITHUB_PRIVATE_KEY or BULWARK_GITHUB_PRIVATE_KEY_FILE")
	}
	// Environment variables often carry the PEM with literal \n.
	c.PrivateKey = []byte(strings.ReplaceAll(key, `\n`, "\n"))
	if err := checkKey(c.PrivateKey); err != nil {
		return nil, err
	}
	if c.WebhookSecret = []byte(getenv("BULWARK_GITHUB_WEBHOOK_SECRET")); len(c.WebhookSecret) == 0 {
		return nil, errors.New("the GitHub App needs BULWARK_GITHUB_WEBHOOK_SECRET")
	}
	c.APIURL = getenv("BULWARK_GITHUB_API_URL")
	c.WebURL = getenv("BULWARK_GITHUB_WEB_URL")
	if c.APIURL == "" {
		c.APIURL = "https://api.github.com/"
	}
	if !strings.HasSuffix(c.APIURL, "/") {
		c.APIURL += "/"
	}
	u, err := url.Parse(c.APIURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("BULWARK_GITHUB_API_URL must be an http(s) URL")
	}
	if c.WebURL == "" {
		if u.Host == "api.github.com" {
			c.WebURL = "https://github.com"
		} else {
			// GitHub Enterprise Server serves the API under /api/v3.
			c.WebURL = u.Scheme + "://" + u.Host
		}
	}
	c.WebURL = strings.TrimSuffix(c.WebURL, "/")
	c.PublicURL = strings.TrimSuffix(getenv("BULWARK_PUBLIC_URL"), "/")
	c.ClientID = getenv("BULWARK_GITHUB_CLIENT_ID")
	c.ClientSecret = getenv("BULWARK_GITHUB_CLIENT_SECRET")
	c.Slug = getenv("BULWARK_GITHUB_APP_SLUG")
	if p := getenv("BULWARK_GITHUB_DEFAULT_PLAN"); p != "" {
		if !core.ValidPlan(p) {
			return nil, fmt.Errorf("BULWARK_GITHUB_DEFAULT_PLAN must be one of %s", strings.Join(core.Plans, ", "))
		}
		c.DefaultPlan = p
	}
	if v := getenv("BULWARK_GITHUB_SCAN_TAGS"); v != "" {
		if c.ScanTags, err = strconv.ParseBool(v); err != nil {
			return nil, errors.New("BULWARK_GITHUB_SCAN_TAGS must be true or false")
		}
	}
	return c, nil
}

// checkKey refuses a private key ghinstallation could not sign with, at
// start-up rather than on the first event.
func checkKey(b []byte) error {
	blk, _ := pem.Decode(b)
	if blk == nil {
		return errors.New("the GitHub App private key is not PEM")
	}
	if _, err := x509.ParsePKCS1PrivateKey(blk.Bytes); err == nil {
		return nil
	}
	if _, err := x509.ParsePKCS8PrivateKey(blk.Bytes); err == nil {
		return nil
	}
	return errors.New("the GitHub App private key is not an RSA key in PKCS#1 or PKCS#8 form")
}
