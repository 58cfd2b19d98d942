// Package githubtest is a fake GitHub REST server for tests of the GitHub App.
//
// It runs on httptest, speaks the request and response shapes go-github v62 and
// ghinstallation v2 use, checks App JWTs (RS256) and installation tokens, keeps
// state (check runs, statuses, comments) that tests assert on, records every
// call and can inject faults (5xx, rate limits, dropped connections).
//
// CheckConformance validates recorded requests against GitHub's REST
// description (npm @octokit/openapi). Responses carry the fields the App and
// go-github read, not every field GitHub's schemas require: token minting and
// error bodies conform (tested); check runs, statuses, comments, contents and
// installations are partial objects.
package githubtest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v4"
)

// Installation is an App installation known to the fake.
type Installation struct {
	ID        int64
	Account   string
	Suspended bool
}

// Call is one recorded request.
type Call struct {
	Method        string
	Path          string // without a leading /api/v3
	Query         url.Values
	Authorization string
	Accept        string
	ContentType   string
	Body          []byte
	Status        int
	// The fake's answer, for response conformance checks.
	ResponseHeader http.Header
	ResponseBody   []byte
}

// FaultKind is what an injected fault answers.
type FaultKind int

// Fault kinds.
const (
	Fault500 FaultKind = iota
	Fault502
	FaultSecondaryRateLimit // 403 with Retry-After
	Fault429
	FaultCloseConnection
)

type fault struct {
	method, pattern string
	left            int
	kind            FaultKind
}

type token struct {
	installation int64
	expires      time.Time
}

// Server is the fake GitHub. Create it with New; close it with Close.
type Server struct {
	*httptest.Server
	AppID        int64
	ClientID     string
	ClientSecret string

	pub *rsa.PublicKey

	mu            sync.Mutex
	now           func() time.Time
	installations map[int64]*Installation
	tokens        map[string]token
	userTokens    map[string][]int64
	oauthCodes    map[string]string
	repos         map[string]*Repo
	downloads     map[string]tarball
	calls         []Call
	callGen       int // bumped by ResetCalls
	faults        []*fault
	nextID        int64
	checkRuns     []map[string]any
	statuses      []map[string]any
	comments      []map[string]any
}

type tarball struct {
	repo *Repo
	sha  string
}

// New starts a fake GitHub for the App appID whose private key matches pub.
func New(appID int64, pub *rsa.PublicKey) *Server {
	s := &Server{
		AppID: appID, ClientID: "Iv1.fakeclient", ClientSecret: "fakesecret",
		pub: pub, now: time.Now,
		installations: map[int64]*Installation{}, tokens: map[string]token{},
		userTokens: map[string][]int64{}, oauthCodes: map[string]string{},
		repos: map[string]*Repo{}, downloads: map[string]tarball{}, nextID: 1000,
	}
	s.Server = httptest.NewServer(s.handler())
	return s
}

// APIURL is the base URL to give go-github (ends with a slash).
func (s *Server) APIURL() string { return s.URL + "/" }

// AddInstallation registers an installation of the App on account.
func (s *Server) AddInstallation(id int64, account string) *Installation {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := &Installation{ID: id, Account: account}
	s.installations[id] = in
	return in
}

// SetSuspended marks an installation suspended (or not).
func (s *Server) SetSuspended(id int64, suspended bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in := s.installations[id]; in != nil {
		in.Suspended = suspended
	}
}

// AddUserToken registers an OAuth user token that sees the given installations,
// and an OAuth code that exchanges for it.
func (s *Server) AddUserToken(code, userToken string, installations ...int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userTokens[userToken] = installations
	s.oauthCodes[code] = userToken
}

// FailNext makes the next n calls whose method equals method ("" = any) and whose
// path matches pattern (path.Match syntax, e.g. "/repos/*/*/check-runs") answer
// with the fault kind.
func (s *Server) FailNext(method, pattern string, n int, kind FaultKind) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{method: method, pattern: pattern, left: n, kind: kind})
}

// Calls returns the recorded calls, oldest first.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CallsMatching returns the recorded calls with the method ("" = any) whose
// path matches pattern (path.Match syntax).
func (s *Server) CallsMatching(method, pattern string) []Call {
	var out []Call
	for _, c := range s.Calls() {
		if (method == "" || c.Method == method) && matchPath(pattern, c.Path) {
			out = append(out, c)
		}
	}
	return out
}

// ResetCalls forgets the recorded calls.
func (s *Server) ResetCalls() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = nil
	s.callGen++
}

func matchPath(pattern, p string) bool {
	ok, err := path.Match(pattern, p)
	return err == nil && ok
}

func (s *Server) newID() int64 {
	s.nextID++
	return s.nextID
}

func randHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// GenerateKey returns a new 2048-bit RSA key and its PKCS#1 PEM encoding, the
// format GitHub hands out for App private keys.
func GenerateKey() (*rsa.PrivateKey, []byte, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, nil, err
	}
	p := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	return key, p, nil
}

// ghError writes GitHub's error body.
func ghError(w http.ResponseWriter, status int, msg string) {
	ghErrorDoc(w, status, msg, "https://docs.github.com/rest")
}

func ghErrorDoc(w http.ResponseWriter, status int, msg, doc string) {
	writeJSON(w, status, map[string]any{"message": msg, "documentation_url": doc})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	body   []byte
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	if len(r.body) < 1<<20 {
		r.body = append(r.body, b...)
	}
	return r.ResponseWriter.Write(b)
}

// ServeHTTP-level wrapper: strip /api/v3, record, inject faults.
func (s *Server) handler() http.Handler {
	mux := s.routes()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := strings.CutPrefix(r.URL.Path, "/api/v3"); ok {
			r.URL.Path = p
		}
		body, _ := io.ReadAll(io.LimitReader(r.Body, 10<<20))
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		c := Call{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(),
			Authorization: r.Header.Get("Authorization"), Accept: r.Header.Get("Accept"),
			ContentType: r.Header.Get("Content-Type"), Body: body}
		// Recorded in arrival order: a client may send its next request as
		// soon as it has this answer, before this handler returns.
		s.mu.Lock()
		i := len(s.calls)
		s.calls = append(s.calls, c)
		gen := s.callGen
		s.mu.Unlock()
		rec := &statusRecorder{ResponseWriter: w}
		if f := s.takeFault(r); f != nil {
			s.serveFault(rec, f)
		} else {
			mux.ServeHTTP(rec, r)
		}
		s.mu.Lock()
		if gen == s.callGen { // not forgotten by ResetCalls meanwhile
			s.calls[i].Status, s.calls[i].ResponseBody = rec.status, rec.body
			if rec.status > 0 {
				s.calls[i].ResponseHeader = w.Header().Clone()
			}
		}
		s.mu.Unlock()
	})
}

func (s *Server) takeFault(r *http.Request) *fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.faults {
		if f.left > 0 && (f.method == "" || f.method == r.Method) && matchPath(f.pattern, r.URL.Path) {
			f.left--
			return f
		}
	}
	return nil
}

func (s *Server) serveFault(w *statusRecorder, f *fault) {
	switch f.kind {
	case Fault500:
		ghError(w, http.StatusInternalServerError, "Server Error")
	case Fault502:
		ghError(w, http.StatusBadGateway, "Bad Gateway")
	case FaultSecondaryRateLimit:
		w.Header().Set("Retry-After", "1")
		ghErrorDoc(w, http.StatusForbidden, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
			"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits")
	case Fault429:
		w.Header().Set("Retry-After", "1")
		ghError(w, http.StatusTooManyRequests, "API rate limit exceeded")
	case FaultCloseConnection:
		w.status = -1
		hj, ok := w.ResponseWriter.(http.Hijacker)
		if !ok {
			panic(http.ErrAbortHandler)
		}
		conn, _, err := hj.Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}
}

// appAuth checks the App JWT; it returns false after writing the error.
func (s *Server) appAuth(w http.ResponseWriter, r *http.Request) bool {
	raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		ghError(w, http.StatusUnauthorized, "A JSON web token could not be decoded")
		return false
	}
	claims := &jwt.RegisteredClaims{}
	_, err := jwt.ParseWithClaims(raw, claims, func(t *jwt.Token) (any, error) {
		if t.Method != jwt.SigningMethodRS256 {
			return nil, fmt.Errorf("unexpected signing method %v", t.Header["alg"])
		}
		return s.pub, nil
	})
	now := s.now()
	switch {
	case err != nil:
		ghError(w, http.StatusUnauthorized, "A JSON web token could not be decoded")
	case claims.Issuer != fmt.Sprint(s.AppID):
		ghError(w, http.StatusUnauthorized, "'Issuer' claim ('iss') must be an Integer")
	case claims.ExpiresAt == nil || claims.IssuedAt == nil:
		ghError(w, http.StatusUnauthorized, "Missing 'exp' or 'iat' claim")
	case claims.ExpiresAt.Sub(claims.IssuedAt.Time) > 10*time.Minute+time.Second:
		ghError(w, http.StatusUnauthorized, "Expiration time' claim ('exp') is too far in the future")
	case claims.IssuedAt.After(now.Add(time.Minute)):
		ghError(w, http.StatusUnauthorized, "'Issued at' claim ('iat') must be an Integer representing a time in the past")
	default:
		return true
	}
	return false
}

// installationAuth checks an installation token for the repository owner's
// installation; it returns the installation id, or 0 after writing the error.
func (s *Server) installationAuth(w http.ResponseWriter, r *http.Request, repo *Repo) bool {
	h := r.Header.Get("Authorization")
	raw, ok := strings.CutPrefix(h, "token ")
	if !ok {
		raw, ok = strings.CutPrefix(h, "Bearer ")
	}
	s.mu.Lock()
	tk, found := s.tokens[raw]
	var suspended bool
	if in := s.installations[tk.installation]; in != nil {
		suspended = in.Suspended
	}
	s.mu.Unlock()
	switch {
	case !ok || !found || s.now().After(tk.expires):
		ghError(w, http.StatusUnauthorized, "Bad credentials")
	case suspended:
		ghError(w, http.StatusForbidden, "This installation has been suspended")
	case repo == nil || repo.Installation != tk.installation:
		ghError(w, http.StatusNotFound, "Not Found")
	default:
		return true
	}
	return false
}
