package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// config is read from BULWARK_* environment variables; the README's
// configuration table lists them.
type config struct {
	Addr        string
	DatabaseURL string
	RedisURL    string
	DataDir     string
	Secret      string
	// PublicURL is the server's address as users reach it, for the links
	// to report pages (BULWARK_PUBLIC_URL).
	PublicURL   string
	Concurrency int
	LogLevel    slog.Level
	LogFormat   string
	ProxyHeader string
	// StatementTimeout bounds every PostgreSQL statement
	// (BULWARK_DB_STATEMENT_TIMEOUT, default 5s).
	StatementTimeout time.Duration
	// RequestTimeout bounds an API request's work (BULWARK_REQUEST_TIMEOUT,
	// default 30s).
	RequestTimeout time.Duration
	// AccessLog logs a line per request (BULWARK_ACCESS_LOG, default true).
	AccessLog bool
	// LLM explains economic analyses (BULWARK_LLM_URL, BULWARK_LLM_API_KEY,
	// BULWARK_LLM_MODEL, BULWARK_LLM_TIMEOUT, BULWARK_LLM_SEND_SOURCE).
	LLM core.LLMConfig
}

func loadConfig() (config, error) {
	c := config{
		Addr:        os.Getenv("BULWARK_ADDR"),
		DatabaseURL: os.Getenv("BULWARK_DATABASE_URL"),
		RedisURL:    os.Getenv("BULWARK_REDIS_URL"),
		DataDir:     env("BULWARK_DATA_DIR", "data"),
		Secret:      os.Getenv("BULWARK_SECRET"),
		LogFormat:   env("BULWARK_LOG_FORMAT", "text"),
		ProxyHeader: os.Getenv("BULWARK_PROXY_HEADER"),
		PublicURL:   strings.TrimSuffix(os.Getenv("BULWARK_PUBLIC_URL"), "/"),
	}
	n, err := strconv.Atoi(env("BULWARK_WORKER_CONCURRENCY", strconv.Itoa(runtime.GOMAXPROCS(0))))
	if err != nil || n < 1 {
		return c, fmt.Errorf("BULWARK_WORKER_CONCURRENCY must be a positive integer")
	}
	c.Concurrency = n
	if err := c.LogLevel.UnmarshalText([]byte(env("BULWARK_LOG_LEVEL", "info"))); err != nil {
		return c, fmt.Errorf("BULWARK_LOG_LEVEL: %w", err)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return c, fmt.Errorf("BULWARK_LOG_FORMAT must be text or json")
	}
	for _, d := range []struct {
		name string
		def  time.Duration
		dst  *time.Duration
	}{{"BULWARK_DB_STATEMENT_TIMEOUT", db.DefaultStatementTimeout, &c.StatementTimeout},
		{"BULWARK_REQUEST_TIMEOUT", 30 * time.Second, &c.RequestTimeout}} {
		v, err := time.ParseDuration(env(d.name, d.def.String()))
		if err != nil || v <= 0 {
			return c, fmt.Errorf("%s must be a positive duration such as 5s", d.name)
		}
		*d.dst = v
	}
	if c.AccessLog, err = strconv.ParseBool(env("BULWARK_ACCESS_LOG", "true")); err != nil {
		return c, fmt.Errorf("BULWARK_ACCESS_LOG must be true or false")
	}
	if c.LLM, err = loadLLM(); err != nil {
		return c, err
	}
	if c.Addr == "" {
		// The embedded defaults are for one machine: listen on loopback
		// unless told otherwise. With a shared database or Redis it is a
		// deployment, which listens on every interface.
		c.Addr = ":8080"
		if c.Embedded() {
			c.Addr = "127.0.0.1:8080"
		}
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "bulwark.db")
	}
	return c, nil
}

// Embedded reports the zero-config mode: a SQLite file and an in-process
// Redis.
func (c config) Embedded() bool {
	return (c.DatabaseURL == "" || !strings.HasPrefix(c.DatabaseURL, "postgres")) && c.RedisURL == ""
}

// secret returns the HMAC secret for cursors. Without BULWARK_SECRET one is
// generated once and kept in the data folder, which suits a single machine;
// several API servers must share BULWARK_SECRET.
func (c config) secret() ([]byte, error) {
	if c.Secret != "" {
		if len(c.Secret) < 32 {
			return nil, errors.New("BULWARK_SECRET must be at least 32 characters")
		}
		return []byte(c.Secret), nil
	}
	path := filepath.Join(c.DataDir, "secret")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return []byte(strings.TrimSpace(string(b))), nil
	}
	if err := os.MkdirAll(c.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("create data folder: %w", err)
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	s := hex.EncodeToString(b)
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return []byte(s), nil
}

func (c config) logger() *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// publicURL is BULWARK_PUBLIC_URL, or the listening address as a local
// URL when it is unset (the embedded default: http://127.0.0.1:8080).
func (c config) publicURL() string {
	if c.PublicURL != "" {
		return c.PublicURL
	}
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return ""
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// loadLLM reads the explanation provider's settings. A URL needs a model;
// the timeout defaults to 30s; source code is sent only when allowed.
func loadLLM() (core.LLMConfig, error) {
	l := core.LLMConfig{URL: os.Getenv("BULWARK_LLM_URL"), APIKey: os.Getenv("BULWARK_LLM_API_KEY"), Model: os.Getenv("BULWARK_LLM_MODEL")}
	if l.URL == "" {
		return l, nil
	}
	if u, err := url.Parse(l.URL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return l, fmt.Errorf("BULWARK_LLM_URL must be an http(s) URL such as https://api.openai.com/v1")
	}
	if l.Model == "" {
		return l, fmt.Errorf("BULWARK_LLM_MODEL is required with BULWARK_LLM_URL")
	}
	t, err := time.ParseDuration(env("BULWARK_LLM_TIMEOUT", "30s"))
	if err != nil || t <= 0 {
		return l, fmt.Errorf("BULWARK_LLM_TIMEOUT must be a positive duration such as 30s")
	}
	l.Timeout = t
	if l.SendSource, err = strconv.ParseBool(env("BULWARK_LLM_SEND_SOURCE", "false")); err != nil {
		return l, fmt.Errorf("BULWARK_LLM_SEND_SOURCE must be true or false")
	}
	return l, nil
}
