package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"path"
	"strconv"
	"strings"
)

// one calls an endpoint answering a single-resource envelope.
func one[T any](ctx context.Context, c *Client, method, p string, in any) (*T, error) {
	r, err := c.jsonRequest(method, p, in)
	if err != nil {
		return nil, err
	}
	var env Envelope[T]
	if err := c.do(ctx, r, &env); err != nil {
		return nil, err
	}
	return &env.Data, nil
}

// ListOptions selects a cursor page. Zero First means the service default.
type ListOptions struct {
	First        int
	After        string
	IncludeTotal bool
}

// list fetches one cursor page of path whose items sit under plural.
func list[T any](ctx context.Context, c *Client, p, plural string, q url.Values, o ListOptions) (*Page[T], error) {
	q = cloneValues(q)
	// Cursor style is selected by the presence of first/after.
	first := o.First
	if first <= 0 {
		first = 100
	}
	q.Set("first", strconv.Itoa(first))
	if o.After != "" {
		q.Set("after", o.After)
	}
	if o.IncludeTotal {
		q.Set("include_total", "true")
	}
	var raw map[string]json.RawMessage
	if err := c.do(ctx, request{method: http.MethodGet, path: p, query: q}, &raw); err != nil {
		return nil, err
	}
	pg := &Page[T]{}
	if b, ok := raw[plural]; ok {
		if err := json.Unmarshal(b, &pg.Items); err != nil {
			return nil, fmt.Errorf("decode %s list: %w", plural, err)
		}
	}
	if b, ok := raw["page_info"]; ok {
		if err := json.Unmarshal(b, &pg.PageInfo); err != nil {
			return nil, fmt.Errorf("decode %s page_info: %w", plural, err)
		}
	}
	return pg, nil
}

// all iterates every item of a cursor list, fetching pages of first items
// as the caller consumes them. An error ends the iteration.
func all[T any](ctx context.Context, c *Client, p, plural string, q url.Values, first int) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		o := ListOptions{First: first}
		for {
			pg, err := list[T](ctx, c, p, plural, q, o)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, it := range pg.Items {
				if !yield(it, nil) {
					return
				}
			}
			if !pg.PageInfo.HasNextPage || pg.PageInfo.EndCursor == nil || *pg.PageInfo.EndCursor == "" {
				return
			}
			o.After = *pg.PageInfo.EndCursor
		}
	}
}

func cloneValues(q url.Values) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	return out
}

func esc(id string) string { return url.PathEscape(id) }

// CreateProject creates a project (409 DUPLICATE_RESOURCE when the name is
// taken).
func (c *Client) CreateProject(ctx context.Context, in ProjectInput) (*Project, error) {
	return one[Project](ctx, c, http.MethodPost, "/projects", in)
}

// GetProject reads a project.
func (c *Client) GetProject(ctx context.Context, id string) (*Project, error) {
	return one[Project](ctx, c, http.MethodGet, "/projects/"+esc(id), nil)
}

// ListProjects returns one page of projects.
func (c *Client) ListProjects(ctx context.Context, o ListOptions) (*Page[Project], error) {
	return list[Project](ctx, c, "/projects", "projects", nil, o)
}

// Projects iterates every project of the organization.
func (c *Client) Projects(ctx context.Context) iter.Seq2[Project, error] {
	return all[Project](ctx, c, "/projects", "projects", nil, 100)
}

// FindProject returns the project whose id or name is ref, or nil when
// none has that name.
func (c *Client) FindProject(ctx context.Context, ref string) (*Project, error) {
	if looksLikeUUID(ref) {
		p, err := c.GetProject(ctx, ref)
		if err == nil || !IsCode(err, "RESOURCE_NOT_FOUND") {
			return p, err
		}
	}
	for p, err := range c.Projects(ctx) {
		if err != nil {
			return nil, err
		}
		if p.Name == ref {
			return &p, nil
		}
	}
	return nil, nil
}

// EnsureProject returns the project named (or identified by) ref, creating
// it when no project has that name. A concurrent creation by another CI job
// (409) is resolved by reading the winner.
func (c *Client) EnsureProject(ctx context.Context, ref, repositoryURL string) (p *Project, created bool, err error) {
	if p, err = c.FindProject(ctx, ref); err != nil || p != nil {
		return p, false, err
	}
	p, err = c.CreateProject(ctx, ProjectInput{Name: ref, RepositoryURL: repositoryURL})
	if IsCode(err, "DUPLICATE_RESOURCE", "CONFLICT") {
		p, err = c.FindProject(ctx, ref)
		if err == nil && p == nil {
			err = fmt.Errorf("project %q exists but is not listed", ref)
		}
		return p, false, err
	}
	return p, err == nil, err
}

func looksLikeUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch i {
		case 8, 13, 18, 23:
			if r != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
				return false
			}
		}
	}
	return true
}

// UploadFile is one part of an upload: a source file or a .zip archive.
type UploadFile struct {
	Name    string
	Content []byte
}

// UploadInput is the form of POST /contracts/upload.
type UploadInput struct {
	ProjectID string
	Name      string
	Language  string
	Files     []UploadFile
}

// UploadContract uploads files (or one zip) as one contract.
func (c *Client) UploadContract(ctx context.Context, in UploadInput) (*Contract, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fields := [][2]string{{"project_id", in.ProjectID}, {"name", in.Name}, {"language", in.Language}}
	for _, f := range fields {
		if f[1] == "" {
			continue
		}
		if err := mw.WriteField(f[0], f[1]); err != nil {
			return nil, err
		}
	}
	for _, f := range in.Files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="files"; filename=%q`, f.Name))
		ct := "application/octet-stream"
		if strings.EqualFold(path.Ext(f.Name), ".zip") {
			ct = "application/zip"
		}
		h.Set("Content-Type", ct)
		w, err := mw.CreatePart(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Content); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	r := request{method: http.MethodPost, path: "/contracts/upload", body: buf.Bytes(),
		contentType: mw.FormDataContentType()}
	var env Envelope[Contract]
	if err := c.do(ctx, r, &env); err != nil {
		return nil, err
	}
	return &env.Data, nil
}

// GetContract reads a contract.
func (c *Client) GetContract(ctx context.Context, id string) (*Contract, error) {
	return one[Contract](ctx, c, http.MethodGet, "/contracts/"+esc(id), nil)
}

// DeleteContract deletes a contract.
func (c *Client) DeleteContract(ctx context.Context, id string) error {
	return c.do(ctx, request{method: http.MethodDelete, path: "/contracts/" + esc(id)}, nil)
}

// Contracts iterates contracts, optionally filtered by project_id,
// language and status.
func (c *Client) Contracts(ctx context.Context, filter url.Values) iter.Seq2[Contract, error] {
	return all[Contract](ctx, c, "/contracts", "contracts", filter, 100)
}

// CreateScan queues a scan (202).
func (c *Client) CreateScan(ctx context.Context, in ScanInput) (*Scan, error) {
	return one[Scan](ctx, c, http.MethodPost, "/scans", in)
}

// GetScan reads a scan.
func (c *Client) GetScan(ctx context.Context, id string) (*Scan, error) {
	return one[Scan](ctx, c, http.MethodGet, "/scans/"+esc(id), nil)
}

// ScanResults reads a scan with its vulnerabilities and file errors.
func (c *Client) ScanResults(ctx context.Context, id string) (*ScanResults, error) {
	return one[ScanResults](ctx, c, http.MethodGet, "/scans/"+esc(id)+"/results", nil)
}

// CancelScan cancels a queued or running scan.
func (c *Client) CancelScan(ctx context.Context, id string) (*Scan, error) {
	return one[Scan](ctx, c, http.MethodPost, "/scans/"+esc(id)+"/cancel", nil)
}

// Scans iterates scans, optionally filtered by status, contract_id and
// project_id.
func (c *Client) Scans(ctx context.Context, filter url.Values) iter.Seq2[Scan, error] {
	return all[Scan](ctx, c, "/scans", "scans", filter, 100)
}

func (f VulnerabilityFilter) values() url.Values {
	q := url.Values{}
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	set("scan_id", f.ScanID)
	set("contract_id", f.ContractID)
	set("severity", f.Severity)
	set("status", f.Status)
	set("scanner_ids", strings.Join(f.ScannerIDs, ","))
	set("categories", strings.Join(f.Categories, ","))
	if f.MinConfidence != nil {
		q.Set("min_confidence", strconv.FormatFloat(*f.MinConfidence, 'f', -1, 64))
	}
	return q
}

// ListVulnerabilities returns one page of vulnerabilities.
func (c *Client) ListVulnerabilities(ctx context.Context, f VulnerabilityFilter, o ListOptions) (*Page[Vulnerability], error) {
	return list[Vulnerability](ctx, c, "/vulnerabilities", "vulnerabilities", f.values(), o)
}

// Vulnerabilities iterates every vulnerability matching f.
func (c *Client) Vulnerabilities(ctx context.Context, f VulnerabilityFilter) iter.Seq2[Vulnerability, error] {
	return all[Vulnerability](ctx, c, "/vulnerabilities", "vulnerabilities", f.values(), 500)
}

// GetVulnerability reads one vulnerability.
func (c *Client) GetVulnerability(ctx context.Context, id string) (*Vulnerability, error) {
	return one[Vulnerability](ctx, c, http.MethodGet, "/vulnerabilities/"+esc(id), nil)
}

// UpdateVulnerability changes a vulnerability's status.
func (c *Client) UpdateVulnerability(ctx context.Context, id, status string) (*Vulnerability, error) {
	return one[Vulnerability](ctx, c, http.MethodPatch, "/vulnerabilities/"+esc(id), map[string]string{"status": status})
}

func gatePath(projectID string) string { return "/quality-gates/projects/" + esc(projectID) }

// GetQualityGate reads a project's gate (404 when it has none).
func (c *Client) GetQualityGate(ctx context.Context, projectID string) (*QualityGate, error) {
	return one[QualityGate](ctx, c, http.MethodGet, gatePath(projectID), nil)
}

// PutQualityGate creates or replaces a project's gate.
func (c *Client) PutQualityGate(ctx context.Context, projectID string, in QualityGateInput) (*QualityGate, error) {
	return one[QualityGate](ctx, c, http.MethodPut, gatePath(projectID), in)
}

// EvaluateQualityGate evaluates a scan (the project's latest when ScanID is
// empty) against the project's gate and records the evaluation.
func (c *Client) EvaluateQualityGate(ctx context.Context, projectID string, in EvaluateInput) (*Evaluation, error) {
	return one[Evaluation](ctx, c, http.MethodPost, gatePath(projectID)+"/evaluate", in)
}

// BuildStatus reads the project's latest evaluation. The answer is read
// from an envelope's data when there is one, else from the top level: the
// spec leaves the shape of this endpoint open.
func (c *Client) BuildStatus(ctx context.Context, projectID string) (*Evaluation, error) {
	var raw map[string]json.RawMessage
	if err := c.do(ctx, request{method: http.MethodGet, path: gatePath(projectID) + "/build-status"}, &raw); err != nil {
		return nil, err
	}
	var b []byte
	if d, ok := raw["data"]; ok {
		b = d
	} else {
		b, _ = json.Marshal(raw)
	}
	var ev Evaluation
	if err := json.Unmarshal(b, &ev); err != nil {
		return nil, fmt.Errorf("decode build status of project %s: %w", projectID, err)
	}
	return &ev, nil
}

// GateHistory iterates the project's evaluations, newest first, optionally
// filtered by branch and status.
func (c *Client) GateHistory(ctx context.Context, projectID string, filter url.Values) iter.Seq2[Evaluation, error] {
	return all[Evaluation](ctx, c, gatePath(projectID)+"/history", "evaluations", filter, 100)
}
