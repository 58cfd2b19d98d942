package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// GitHubInstallation is an installation of the GitHub App. It belongs to
// one organization; a suspended or deleted installation gets no more calls.
type GitHubInstallation struct {
	bun.BaseModel `bun:"table:github_installations"`

	ID             int64      `bun:"id,pk,autoincrement:false"`
	OrganizationID uuid.UUID  `bun:"organization_id,notnull,type:uuid"`
	AccountLogin   string     `bun:"account_login,notnull"`
	AccountType    string     `bun:"account_type,notnull,default:''"`
	SuspendedAt    *time.Time `bun:"suspended_at"`
	DeletedAt      *time.Time `bun:"deleted_at"`
	// LinkedBy is the user who linked the installation to an existing
	// organization (with OAuth proof); nil for the organization the
	// installation created.
	LinkedBy  *uuid.UUID `bun:"linked_by,type:uuid"`
	CreatedAt time.Time  `bun:"created_at,notnull"`
	UpdatedAt time.Time  `bun:"updated_at,notnull"`
}

// Active reports whether the App may act for the installation.
func (i *GitHubInstallation) Active() bool { return i.SuspendedAt == nil && i.DeletedAt == nil }

// GitHubRepository is a repository an installation grants; its project is
// created on the first event that scans it.
type GitHubRepository struct {
	bun.BaseModel `bun:"table:github_repositories"`

	ID             int64      `bun:"id,pk,autoincrement:false"`
	InstallationID int64      `bun:"installation_id,notnull"`
	FullName       string     `bun:"full_name,notnull"`
	Private        bool       `bun:"private,notnull,default:false"`
	ProjectID      *uuid.UUID `bun:"project_id,type:uuid"`
	RemovedAt      *time.Time `bun:"removed_at"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
	UpdatedAt      time.Time  `bun:"updated_at,notnull"`
}

// GitHubDelivery is one accepted webhook delivery, kept to acknowledge a
// redelivery without acting twice.
type GitHubDelivery struct {
	bun.BaseModel `bun:"table:github_deliveries"`

	ID             string    `bun:"id,pk"`
	Event          string    `bun:"event,notnull"`
	Action         string    `bun:"action,notnull,default:''"`
	InstallationID int64     `bun:"installation_id,notnull,default:0"`
	ReceivedAt     time.Time `bun:"received_at,notnull"`
}

// GitHubRun is one scan the App started for a commit: the check run it
// reports on, the scan and gate evaluation, and the pull request context.
type GitHubRun struct {
	bun.BaseModel `bun:"table:github_runs,alias:github_run"`

	ID             uuid.UUID `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID `bun:"organization_id,notnull,type:uuid"`
	InstallationID int64     `bun:"installation_id,notnull"`
	RepositoryID   int64     `bun:"repository_id,notnull"`
	FullName       string    `bun:"full_name,notnull"`
	ProjectID      uuid.UUID `bun:"project_id,notnull,type:uuid"`
	DeliveryID     string    `bun:"delivery_id,notnull"`
	Event          string    `bun:"event,notnull"`
	HeadSHA        string    `bun:"head_sha,notnull"`
	Branch         string    `bun:"branch,notnull,default:''"`
	PullNumber     int       `bun:"pull_number,notnull,default:0"`
	BaseSHA        string    `bun:"base_sha,notnull,default:''"`
	BaseRef        string    `bun:"base_ref,notnull,default:''"`
	CheckRunID     int64     `bun:"check_run_id,notnull,default:0"`
	// DedupeKey ("repository:sha:pull") is unique among runs that are not
	// re-runs, so a push and GitHub's check_suite request for the same
	// commit, handled at once by two workers, make one run; nil for
	// re-runs.
	DedupeKey *string `bun:"dedupe_key"`
	// Silent runs scan a pull request's base for the comparison and post
	// nothing.
	Silent       bool       `bun:"silent,notnull,default:false"`
	ScanID       *uuid.UUID `bun:"scan_id,type:uuid"`
	EvaluationID *uuid.UUID `bun:"evaluation_id,type:uuid"`
	// FailOn is .bulwark.yml's fail_on, which decides the conclusion when
	// no quality gate applies.
	FailOn string `bun:"fail_on,notnull,default:''"`
	// Notes say what the checkout left out, for the summary.
	Notes []string `bun:"notes,type:jsonb"`
	// Report progress, so a retried report resends only what GitHub did
	// not take (annotations accumulate on a check run).
	CheckDone       bool       `bun:"check_done,notnull,default:false"`
	AnnotationsSent int        `bun:"annotations_sent,notnull,default:0"`
	StatusDone      bool       `bun:"status_done,notnull,default:false"`
	Conclusion      string     `bun:"conclusion,notnull,default:''"`
	Error           string     `bun:"error,notnull,default:''"`
	CreatedAt       time.Time  `bun:"created_at,notnull"`
	CompletedAt     *time.Time `bun:"completed_at"`
}

// GitHubComment is the one comment the App keeps on a pull request.
type GitHubComment struct {
	bun.BaseModel `bun:"table:github_comments"`

	RepositoryID int64     `bun:"repository_id,pk,autoincrement:false"`
	PullNumber   int       `bun:"pull_number,pk,autoincrement:false"`
	CommentID    int64     `bun:"comment_id,notnull"`
	UpdatedAt    time.Time `bun:"updated_at,notnull"`
}
