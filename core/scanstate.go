package core

// Scan statuses.
const (
	ScanQueued    = "queued"
	ScanRunning   = "running"
	ScanCompleted = "completed"
	ScanFailed    = "failed"
	ScanCancelled = "cancelled"
)

// ActiveScanStatuses are the statuses that hold a contract or project.
var ActiveScanStatuses = []string{ScanQueued, ScanRunning}

// scanTransitions lists the allowed moves of decisions.md.
var scanTransitions = map[string][]string{
	ScanQueued:  {ScanRunning, ScanCancelled},
	ScanRunning: {ScanCompleted, ScanFailed, ScanCancelled},
}

// CanMoveScan reports whether a scan may go from one status to another.
func CanMoveScan(from, to string) bool {
	for _, s := range scanTransitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Vulnerability statuses.
const (
	VulnOpen          = "open"
	VulnAcknowledged  = "acknowledged"
	VulnFixed         = "fixed"
	VulnFalsePositive = "false_positive"
)

var vulnTransitions = map[string][]string{
	VulnOpen:          {VulnAcknowledged, VulnFixed, VulnFalsePositive},
	VulnAcknowledged:  {VulnOpen, VulnFixed, VulnFalsePositive},
	VulnFixed:         {VulnOpen},
	VulnFalsePositive: {VulnOpen},
}

// CanMoveVulnerability reports whether a vulnerability may change status.
func CanMoveVulnerability(from, to string) bool {
	for _, s := range vulnTransitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// ValidVulnerabilityStatus reports whether s is a vulnerability status.
func ValidVulnerabilityStatus(s string) bool { _, ok := vulnTransitions[s]; return ok }
