package server

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
)

// Limits and counts are integers; null means unlimited.

type scanQuota struct {
	Limit     *int      `json:"limit"`
	Used      int       `json:"used"`
	Remaining *int      `json:"remaining"`
	ResetsAt  time.Time `json:"resets_at"`
}

type aiQuota struct {
	Limit     *int `json:"limit"`
	Used      int  `json:"used"`
	Remaining *int `json:"remaining"`
}

type concurrentQuota struct {
	Limit *int `json:"limit"`
	InUse int  `json:"in_use"`
}

// quotaResponse is GET /users/me/quota and the quota block of GET /usage.
type quotaResponse struct {
	Plan            string          `json:"plan"`
	Period          string          `json:"period"`
	Scans           scanQuota       `json:"scans"`
	AIExplanations  aiQuota         `json:"ai_explanations"`
	ConcurrentScans concurrentQuota `json:"concurrent_scans"`
}

type endpointLimit struct {
	Limit  *int   `json:"limit"`
	Window string `json:"window"`
}

type planLimits struct {
	RequestsPerMinute *int                     `json:"requests_per_minute"`
	RequestsPerHour   *int                     `json:"requests_per_hour"`
	RequestsPerDay    *int                     `json:"requests_per_day"`
	ConcurrentScans   *int                     `json:"concurrent_scans"`
	MonthlyScans      *int                     `json:"monthly_scans"`
	AIExplanations    *int                     `json:"ai_explanations"`
	Endpoints         map[string]endpointLimit `json:"endpoints"`
}

type planBlock struct {
	Name   string     `json:"name"`
	Limits planLimits `json:"limits"`
}

type usageRequests struct {
	Total      int            `json:"total"`
	ByEndpoint map[string]int `json:"by_endpoint"`
}

type currentUsage struct {
	Minute int `json:"minute"`
	Hour   int `json:"hour"`
	Day    int `json:"day"`
}

// usageResponse is GET /usage: api.md's fields plus the plan and quota.
type usageResponse struct {
	Period          string        `json:"period"`
	Requests        usageRequests `json:"requests"`
	RateLimitEvents int           `json:"rate_limit_events"`
	CurrentUsage    currentUsage  `json:"current_usage"`
	Plan            planBlock     `json:"plan"`
	Quota           quotaResponse `json:"quota"`
}

// limitOf renders a limit: nil (JSON null) when unlimited.
func limitOf(n int) *int {
	if n == core.Unlimited {
		return nil
	}
	return &n
}

// remainingOf is what is left of limit after used, nil when unlimited.
func remainingOf(limit, used int) *int {
	if limit == core.Unlimited {
		return nil
	}
	r := max(0, limit-used)
	return &r
}

func toQuota(q *core.QuotaReport) quotaResponse {
	l := q.Limits
	return quotaResponse{
		Plan: q.Plan, Period: q.Period,
		Scans: scanQuota{Limit: limitOf(l.MonthlyScans), Used: q.ScansUsed,
			Remaining: remainingOf(l.MonthlyScans, q.ScansUsed), ResetsAt: q.ScansResetAt},
		AIExplanations: aiQuota{Limit: limitOf(l.AIExplanations), Used: q.AIUsed,
			Remaining: remainingOf(l.AIExplanations, q.AIUsed)},
		ConcurrentScans: concurrentQuota{Limit: limitOf(l.ConcurrentScans), InUse: q.ActiveScans},
	}
}

func toPlan(name string, l core.Limits) planBlock {
	return planBlock{Name: name, Limits: planLimits{
		RequestsPerMinute: limitOf(l.PerMinute), RequestsPerHour: limitOf(l.PerHour), RequestsPerDay: limitOf(l.PerDay),
		ConcurrentScans: limitOf(l.ConcurrentScans), MonthlyScans: limitOf(l.MonthlyScans),
		AIExplanations: limitOf(l.AIExplanations),
		Endpoints: map[string]endpointLimit{
			"POST /api/v1/contracts/upload": {limitOf(l.UploadsPerHour), "hour"},
			"GET /api/v1/scans/:id/results": {limitOf(l.ResultsPerMinute), "minute"},
			"POST /api/v1/webhooks":         {limitOf(l.WebhooksPerHour), "hour"},
		},
	}}
}

// handleUserQuota answers GET /users/me/quota: the caller's organization's
// scan quota, AI explanations and concurrent scans this UTC month.
func (s *Server) handleUserQuota(c *fiber.Ctx) error {
	q, err := s.svc.Quota(c.UserContext(), principal(c))
	if err != nil {
		return err
	}
	return c.JSON(toQuota(q))
}

// handleUsage answers GET /usage for the caller's organization.
func (s *Server) handleUsage(c *fiber.Ctx) error {
	u, err := s.svc.Usage(c.UserContext(), principal(c))
	if core.LimiterDown(err) {
		return core.Unavailable()
	}
	if err != nil {
		return err
	}
	return c.JSON(usageResponse{
		Period:          u.Period,
		Requests:        usageRequests{Total: u.Total, ByEndpoint: u.ByRoute},
		RateLimitEvents: u.RateLimitEvents,
		CurrentUsage:    currentUsage{Minute: u.Minute, Hour: u.Hour, Day: u.Day},
		Plan:            toPlan(u.Quota.Plan, u.Quota.Limits),
		Quota:           toQuota(u.Quota),
	})
}
