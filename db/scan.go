package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Scan is one run of the scanners over a contract.
type Scan struct {
	bun.BaseModel `bun:"table:scans"`

	ID                uuid.UUID   `bun:"id,pk,type:uuid"`
	OrganizationID    uuid.UUID   `bun:"organization_id,notnull,type:uuid"`
	ProjectID         uuid.UUID   `bun:"project_id,notnull,type:uuid"`
	ContractID        uuid.UUID   `bun:"contract_id,notnull,type:uuid"`
	Status            string      `bun:"status,notnull"`
	Preset            string      `bun:"preset,notnull"`
	WebhookURL        string      `bun:"webhook_url,notnull,default:''"`
	Critical          int         `bun:"critical_count,notnull,default:0"`
	High              int         `bun:"high_count,notnull,default:0"`
	Medium            int         `bun:"medium_count,notnull,default:0"`
	Low               int         `bun:"low_count,notnull,default:0"`
	DurationSeconds   int         `bun:"duration_seconds,notnull,default:0"`
	DurationMillis    int64       `bun:"duration_ms,notnull,default:0"`
	ScannersUsed      []string    `bun:"scanners_used,notnull,type:jsonb"`
	EconomicRiskScore int         `bun:"economic_risk_score,notnull,default:0"`
	ErrorCode         string      `bun:"error_code,notnull,default:''"`
	ErrorMessage      string      `bun:"error_message,notnull,default:''"`
	ErrorDetails      *ScanErrors `bun:"error_details,type:jsonb"`
	FileErrors        []FileError `bun:"file_errors,notnull,type:jsonb"`
	Attempts          int         `bun:"attempts,notnull,default:0"`
	CreatedBy         uuid.UUID   `bun:"created_by,notnull,type:uuid"`
	CreatedAt         time.Time   `bun:"created_at,notnull"`
	UpdatedAt         time.Time   `bun:"updated_at,notnull"`
	StartedAt         *time.Time  `bun:"started_at"`
	CompletedAt       *time.Time  `bun:"completed_at"`
}

// ScanErrors holds the details of a failed scan.
type ScanErrors struct {
	Reason string      `json:"reason,omitempty"`
	Files  []FileError `json:"files,omitempty"`
}

// FileError is a file the scanners could not fully parse.
type FileError struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}
