package ci

import (
	"context"
	"fmt"

	"github.com/bulwark-sec/bulwark/action/client"
)

// Condition is one rule the build was judged by, kept or broken. The JUnit
// report has one test case per condition, so a passing gate is a run of
// passing cases whatever the findings.
type Condition struct {
	// Rule is the gate's rule name (block_on_critical, max_high, …), or
	// fail_on_<severity>, fail_on_none, default_gate, or quality_gate when
	// the gate's rules could not be read.
	Rule string `json:"rule"`
	// Severity is the least severity the rule counts; empty for rules that
	// count nothing.
	Severity string `json:"severity,omitempty"`
	// Threshold is the most findings the rule allows (-1 for no rule).
	Threshold int    `json:"threshold"`
	Count     int    `json:"count"`
	Passed    bool   `json:"passed"`
	Title     string `json:"title"`
	Message   string `json:"message,omitempty"`
	// Exact: the rule counts only Severity (max_*, block_on_*), not
	// Severity and worse (fail_on_*).
	Exact bool `json:"-"`
}

// Counts reports whether the condition counts findings of severity sev.
func (c Condition) Counts(sev string) bool {
	if c.Severity == "" {
		return false
	}
	if c.Exact {
		return sev == c.Severity
	}
	return severityRank[sev] >= severityRank[c.Severity]
}

// gateConditions lists the rules of gate g (nil when it could not be read)
// as conditions, broken ones carrying the evaluation's violation message.
func gateConditions(g *client.QualityGate, ev *client.Evaluation, counts client.Summary) []Condition {
	broken := map[string]client.Violation{}
	for _, v := range ev.Violations {
		broken[v.Rule] = v
	}
	mark := func(c Condition) Condition {
		c.Count = sevCount(counts, c.Severity)
		v, ok := broken[c.Rule]
		c.Passed = !ok
		if ok {
			c.Message = v.Message
			delete(broken, c.Rule)
		}
		return c
	}
	var cs []Condition
	switch {
	case g == nil:
		// The rules are unknown: report what the evaluation says.
	case !g.IsActive:
		cs = append(cs, Condition{Rule: "quality_gate", Threshold: -1, Passed: true,
			Title: fmt.Sprintf("quality gate %q is inactive: no rule enforced", g.Name)})
	default:
		for _, b := range []struct {
			on  bool
			sev string
		}{{g.BlockOnCritical, "critical"}, {g.BlockOnHigh, "high"}} {
			if b.on {
				cs = append(cs, mark(Condition{Rule: "block_on_" + b.sev, Severity: b.sev, Exact: true,
					Title: "block_on_" + b.sev + ": no " + b.sev + " finding"}))
			}
		}
		for _, m := range []struct {
			max int
			sev string
		}{{g.MaxCritical, "critical"}, {g.MaxHigh, "high"}, {g.MaxMedium, "medium"}, {g.MaxLow, "low"}} {
			if m.max >= 0 {
				cs = append(cs, mark(Condition{Rule: "max_" + m.sev, Severity: m.sev, Exact: true, Threshold: m.max,
					Title: fmt.Sprintf("max_%s: at most %d %s finding(s)", m.sev, m.max, m.sev)}))
			}
		}
	}
	// Violations of rules the configuration did not show (it changed
	// between the two calls, or could not be read) still fail a case.
	for _, v := range ev.Violations {
		if _, ok := broken[v.Rule]; !ok {
			continue
		}
		cs = append(cs, Condition{Rule: v.Rule, Severity: v.Severity, Exact: true, Threshold: v.Threshold,
			Count: v.Count, Title: v.Rule, Message: v.Message})
	}
	// The server's verdict decides: a failing evaluation without a
	// violation that matches a rule is still a failing case.
	failed := false
	for _, c := range cs {
		failed = failed || !c.Passed
	}
	if len(cs) == 0 || (ev.Status == client.GateFailing && !failed) {
		c := Condition{Rule: "quality_gate", Threshold: -1, Passed: ev.Status == client.GatePassing,
			Title: "quality gate " + ev.Status}
		if !c.Passed {
			c.Message = "the quality gate failed"
		}
		cs = append(cs, c)
	}
	return cs
}

// readGate reads the project's gate rules for the report; a failure only
// makes the report coarser, never the run fail.
func readGate(ctx context.Context, c *client.Client, o Options, projectID string) *client.QualityGate {
	g, err := c.GetQualityGate(ctx, projectID)
	if err != nil {
		fmt.Fprintf(o.Log, "bulwark: warning: could not read the gate's rules for the reports: %v\n", err)
		return nil
	}
	return g
}

// defaultGateCondition is the service's default gate applied locally.
func defaultGateCondition(counts client.Summary) Condition {
	c := Condition{Rule: "default_gate", Severity: "critical", Exact: true, Count: counts.Critical,
		Passed: counts.Critical == 0, Title: "default gate: no critical finding"}
	if !c.Passed {
		c.Message = fmt.Sprintf("%d critical finding(s) (default gate: no critical allowed)", counts.Critical)
	}
	return c
}

// failOnCondition is --fail-on <severity> or --fail-on none.
func failOnCondition(failOn string, counts client.Summary) Condition {
	if failOn == FailOnNone {
		return Condition{Rule: "fail_on_none", Threshold: -1, Passed: true, Title: "--fail-on none: report only"}
	}
	n := countAtLeast(counts, failOn)
	c := Condition{Rule: "fail_on_" + failOn, Severity: failOn, Count: n, Passed: n == 0,
		Title: fmt.Sprintf("--fail-on %s: no finding of severity %s or higher", failOn, failOn)}
	if !c.Passed {
		c.Message = fmt.Sprintf("%d finding(s) of severity %s or higher (--fail-on %s)", n, failOn, failOn)
	}
	return c
}
