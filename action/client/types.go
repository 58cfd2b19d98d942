package client

import (
	"encoding/json"
	"time"
)

// Envelope is the single-resource envelope of decisions.md.
type Envelope[T any] struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
	Data      T         `json:"data"`
}

// PageInfo describes a cursor page.
type PageInfo struct {
	HasNextPage     bool    `json:"has_next_page"`
	HasPreviousPage bool    `json:"has_previous_page"`
	StartCursor     *string `json:"start_cursor"`
	EndCursor       *string `json:"end_cursor"`
	TotalCount      *int    `json:"total_count"`
}

// Page is one cursor page of a list.
type Page[T any] struct {
	Items    []T
	PageInfo PageInfo
}

// Project groups contracts.
type Project struct {
	ID             string    `json:"id"`
	OrganizationID string    `json:"organization_id"`
	Name           string    `json:"name"`
	Description    string    `json:"description"`
	RepositoryURL  string    `json:"repository_url"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// ProjectInput is the body of POST /projects.
type ProjectInput struct {
	Name          string `json:"name"`
	Description   string `json:"description,omitempty"`
	RepositoryURL string `json:"repository_url,omitempty"`
}

// Contract is one uploaded bundle of source files of one language.
type Contract struct {
	ID         string         `json:"id"`
	ProjectID  string         `json:"project_id"`
	Name       string         `json:"name"`
	Language   string         `json:"language"`
	Status     string         `json:"status"`
	FileCount  int            `json:"file_count"`
	TotalBytes int64          `json:"total_bytes"`
	SHA256     string         `json:"sha256"`
	Files      []ContractFile `json:"files"`
	CreatedAt  time.Time      `json:"created_at"`
}

// ContractFile is one file of a contract.
type ContractFile struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Summary counts a scan's findings by severity.
type Summary struct {
	Critical int `json:"critical"`
	High     int `json:"high"`
	Medium   int `json:"medium"`
	Low      int `json:"low"`
	Total    int `json:"total"`
}

// ScanError is why a scan failed.
type ScanError struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details,omitempty"`
}

// Scan statuses.
const (
	ScanQueued    = "queued"
	ScanRunning   = "running"
	ScanCompleted = "completed"
	ScanFailed    = "failed"
	ScanCancelled = "cancelled"
)

// Scan is one run of the scanners over a contract.
type Scan struct {
	ID              string     `json:"id"`
	Status          string     `json:"status"`
	Preset          string     `json:"preset"`
	Summary         Summary    `json:"summary"`
	DurationSeconds int        `json:"duration_seconds"`
	ScannersUsed    []string   `json:"scanners_used"`
	Error           *ScanError `json:"error"`
	ContractID      string     `json:"contract_id"`
	ProjectID       string     `json:"project_id"`
	CreatedAt       time.Time  `json:"created_at"`
	StartedAt       *time.Time `json:"started_at"`
	CompletedAt     *time.Time `json:"completed_at"`
}

// Done reports whether the scan reached a final state.
func (s *Scan) Done() bool {
	switch s.Status {
	case ScanCompleted, ScanFailed, ScanCancelled:
		return true
	}
	return false
}

// ScanInput is the body of POST /scans.
type ScanInput struct {
	ContractID string `json:"contract_id"`
	Preset     string `json:"preset,omitempty"`
	WebhookURL string `json:"webhook_url,omitempty"`
}

// Vulnerability is one finding.
type Vulnerability struct {
	ID             string    `json:"id"`
	Title          string    `json:"title"`
	Severity       string    `json:"severity"`
	Status         string    `json:"status"`
	Category       string    `json:"category"`
	Scanner        string    `json:"scanner"`
	DetectorID     string    `json:"detector_id"`
	ScanID         string    `json:"scan_id,omitempty"`
	ContractID     string    `json:"contract_id,omitempty"`
	File           string    `json:"file"`
	Line           int       `json:"line"`
	EndLine        int       `json:"end_line"`
	RiskScore      int       `json:"risk_score"`
	Confidence     float64   `json:"confidence"`
	Snippet        string    `json:"snippet"`
	Description    string    `json:"description"`
	Recommendation string    `json:"recommendation"`
	CWE            string    `json:"cwe"`
	SWC            string    `json:"swc"`
	Fingerprint    string    `json:"fingerprint"`
	DetectedAt     time.Time `json:"detected_at,omitzero"`
	// Note is the triage note, carried with the status from earlier scans
	// of the project (null from the API reads as "").
	Note string `json:"note,omitempty"`
	// InBaseline marks, in a run with a baseline, a finding whose
	// fingerprint the baseline scan has too: reported, not counted.
	InBaseline bool `json:"-"`
}

// FileError is a file the scanners could not fully read.
type FileError struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// ScanResults is a scan with its findings.
type ScanResults struct {
	Scan
	Vulnerabilities []Vulnerability `json:"vulnerabilities"`
	Errors          []FileError     `json:"errors"`
	// ReportURL links to the scan's report page, which opens without a
	// key (empty from a server without a public URL).
	ReportURL string `json:"report_url,omitempty"`
}

// VulnerabilityFilter narrows GET /vulnerabilities.
type VulnerabilityFilter struct {
	ScanID        string
	ContractID    string
	Severity      string
	Status        string
	ScannerIDs    []string
	Categories    []string
	MinConfidence *float64
}

// QualityGate is a project's gate configuration.
type QualityGate struct {
	ID              string    `json:"id,omitempty"`
	ProjectID       string    `json:"project_id,omitempty"`
	OrganizationID  string    `json:"organization_id,omitempty"`
	Name            string    `json:"name"`
	BlockOnCritical bool      `json:"block_on_critical"`
	BlockOnHigh     bool      `json:"block_on_high"`
	MaxCritical     int       `json:"max_critical"`
	MaxHigh         int       `json:"max_high"`
	MaxMedium       int       `json:"max_medium"`
	MaxLow          int       `json:"max_low"`
	IsActive        bool      `json:"is_active"`
	NewCodeOnly     bool      `json:"new_code_only"`
	CreatedBy       string    `json:"created_by,omitempty"`
	CreatedAt       time.Time `json:"created_at,omitzero"`
	UpdatedAt       time.Time `json:"updated_at,omitzero"`
}

// QualityGateInput is the body of PUT /quality-gates/projects/{id}; nil
// fields take the service's defaults.
type QualityGateInput struct {
	Name            *string `json:"name,omitempty"`
	BlockOnCritical *bool   `json:"block_on_critical,omitempty"`
	BlockOnHigh     *bool   `json:"block_on_high,omitempty"`
	MaxCritical     *int    `json:"max_critical,omitempty"`
	MaxHigh         *int    `json:"max_high,omitempty"`
	MaxMedium       *int    `json:"max_medium,omitempty"`
	MaxLow          *int    `json:"max_low,omitempty"`
	IsActive        *bool   `json:"is_active,omitempty"`
	NewCodeOnly     *bool   `json:"new_code_only,omitempty"`
}

// Gate evaluation statuses.
const (
	GatePassing = "passing"
	GateFailing = "failing"
	GatePending = "pending"
)

// Violation is one broken gate rule.
type Violation struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Count     int    `json:"count"`
	Threshold int    `json:"threshold"`
	Message   string `json:"message"`
}

// Evaluation is one quality-gate evaluation.
type Evaluation struct {
	ID            string          `json:"id"`
	QualityGateID string          `json:"quality_gate_id,omitempty"`
	ScanID        string          `json:"scan_id,omitempty"`
	ProjectID     string          `json:"project_id,omitempty"`
	Status        string          `json:"status"`
	Passed        bool            `json:"passed"`
	CriticalCount int             `json:"critical_count"`
	HighCount     int             `json:"high_count"`
	MediumCount   int             `json:"medium_count"`
	LowCount      int             `json:"low_count"`
	Violations    []Violation     `json:"violations"`
	TriggeredBy   string          `json:"triggered_by,omitempty"`
	CIContext     json.RawMessage `json:"ci_context,omitempty"`
	// NewCodeOnly evaluations counted only findings new against
	// BaselineScanID's scan (every finding when it is empty).
	NewCodeOnly    bool      `json:"new_code_only,omitempty"`
	BaselineScanID string    `json:"baseline_scan_id,omitempty"`
	NewCount       *int      `json:"new_count,omitempty"`
	FixedCount     *int      `json:"fixed_count,omitempty"`
	UnchangedCount *int      `json:"unchanged_count,omitempty"`
	EvaluatedAt    time.Time `json:"evaluated_at"`
}

// EvaluateInput is the body of POST …/evaluate.
type EvaluateInput struct {
	ScanID      string `json:"scan_id,omitempty"`
	CIContext   any    `json:"ci_context,omitempty"`
	TriggeredBy string `json:"triggered_by,omitempty"`
	// Baseline, a scan id or a branch, counts only new findings.
	Baseline string `json:"baseline,omitempty"`
}
