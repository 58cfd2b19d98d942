package app

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/gofiber/fiber/v2"
	"github.com/google/go-github/v62/github"
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
)

// App is the GitHub App: its webhook intake, its tasks and its GitHub
// clients.
type App struct {
	cfg   Config
	svc   *core.Service
	queue *asynq.Client
	log   *slog.Logger

	// base carries every request to GitHub (timeouts, connection reuse).
	base *http.Client
	apps *ghinstallation.AppsTransport
	// installs holds one token-caching transport per installation, so an
	// installation token is minted once an hour, not once per event.
	mu       sync.Mutex
	installs map[int64]*ghinstallation.Transport
}

// New builds the App. queue enqueues its tasks.
func New(cfg Config, svc *core.Service, queue *asynq.Client, log *slog.Logger) (*App, error) {
	if log == nil {
		log = slog.Default()
	}
	tr := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConnsPerHost:   16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 30 * time.Second,
	}
	apps, err := ghinstallation.NewAppsTransport(tr, cfg.AppID, cfg.PrivateKey)
	if err != nil {
		return nil, fmt.Errorf("github app key: %w", err)
	}
	apps.BaseURL = strings.TrimSuffix(cfg.APIURL, "/")
	return &App{cfg: cfg, svc: svc, queue: queue, log: log,
		base: &http.Client{Transport: tr, Timeout: 2 * time.Minute}, apps: apps,
		installs: map[int64]*ghinstallation.Transport{}}, nil
}

// Config returns the App's configuration.
func (a *App) Config() Config { return a.cfg }

// Routes registers the App's public routes: the webhook and the setup
// URL of the link flow.
func (a *App) Routes(r fiber.Router) {
	r.Post("/github/webhook", a.handleWebhook)
	r.Get("/github/setup", a.handleSetup)
}

// Register adds the App's task handlers to a worker's mux.
func (a *App) Register(mux *asynq.ServeMux) {
	mux.HandleFunc(TypeEvent, a.processEvent)
	mux.HandleFunc(TypeReport, a.processReport)
}

// client returns a go-github client acting as the installation.
func (a *App) client(installation int64) (*github.Client, error) {
	a.mu.Lock()
	tr, ok := a.installs[installation]
	if !ok {
		tr = ghinstallation.NewFromAppsTransport(a.apps, installation)
		a.installs[installation] = tr
	}
	a.mu.Unlock()
	return a.newClient(&http.Client{Transport: tr, Timeout: 2 * time.Minute})
}

func (a *App) newClient(hc *http.Client) (*github.Client, error) {
	c := github.NewClient(hc)
	if a.cfg.APIURL != "https://api.github.com/" {
		var err error
		if c, err = c.WithEnterpriseURLs(a.cfg.APIURL, a.cfg.APIURL); err != nil {
			return nil, err
		}
		// WithEnterpriseURLs appends api/v3/ to a root without it; keep
		// the URL as configured.
		c.BaseURL, _ = c.BaseURL.Parse(a.cfg.APIURL)
	}
	c.UserAgent = "bulwark-github-app"
	return c, nil
}
