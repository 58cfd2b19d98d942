package core

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner/economic"
)

// BuiltinModel names the built-in explainer in an explanation's model.
const BuiltinModel = "bulwark-builtin"

// LLMConfig is the OpenAI-compatible chat-completions provider that
// explains economic analyses (BULWARK_LLM_URL, BULWARK_LLM_API_KEY,
// BULWARK_LLM_MODEL). Without URL the built-in explainer answers.
type LLMConfig struct {
	// URL is the provider's base (https://api.openai.com/v1) or its
	// chat/completions endpoint.
	URL, APIKey, Model string
	// Timeout bounds one provider call (BULWARK_LLM_TIMEOUT, default 30s).
	Timeout time.Duration
	// SendSource lets findings' code snippets go to the provider
	// (BULWARK_LLM_SEND_SOURCE=true); otherwise only rule, severity,
	// category, file and line are sent.
	SendSource bool
	// Client is the HTTP client; nil means a default one.
	Client *http.Client
}

// ExplainInput is what an explainer knows of a scan's economic analysis.
type ExplainInput struct {
	Scan         *db.Scan
	ContractName string
	Score        int
	RiskLevel    string
	Findings     []db.Vulnerability
}

// explainer answers with the configured provider, falling back to the
// built-in explainer.
type explainer struct {
	cfg LLMConfig
}

func (s *Service) explainer() explainer { return explainer{cfg: s.LLM} }

func (s *Service) explainInput(ctx context.Context, a *EconomicAnalysis) ExplainInput {
	in := ExplainInput{Scan: a.Scan, Score: a.Score, RiskLevel: a.RiskLevel, Findings: a.Findings}
	var name string
	if err := s.DB.NewSelect().Model((*db.Contract)(nil)).Column("name").Where("id = ?", a.Scan.ContractID).Scan(ctx, &name); err == nil {
		in.ContractName = name
	}
	return in
}

// Explain returns the markdown and the model that wrote it. It never
// fails: when the provider is slow, down or answers nonsense, the built-in
// explanation is returned and the model says so.
func (e explainer) Explain(ctx context.Context, in ExplainInput) (markdown, model string) {
	if e.cfg.URL == "" {
		return BuiltinExplanation(in), BuiltinModel
	}
	md, err := e.chat(ctx, in)
	if err != nil {
		return BuiltinExplanation(in), fmt.Sprintf("%s (fallback: %s failed: %s)", BuiltinModel, e.cfg.Model, err)
	}
	return md, e.cfg.Model
}

// maxExplanation bounds a provider's answer.
const maxExplanation = 64 << 10

func (e explainer) chat(ctx context.Context, in ExplainInput) (string, error) {
	timeout := e.cfg.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	url := strings.TrimSuffix(e.cfg.URL, "/")
	if !strings.HasSuffix(url, "/chat/completions") {
		url += "/chat/completions"
	}
	body, _ := json.Marshal(map[string]any{
		"model":       e.cfg.Model,
		"temperature": 0,
		"messages": []map[string]string{
			{"role": "system", "content": "You are a smart-contract security auditor. Explain the economic (DeFi) risks of the findings below to the protocol's engineers in Markdown: for each risk, why it matters for this code, the attack path step by step, the fix, and the code locations. Be precise; do not invent findings."},
			{"role": "user", "content": providerPrompt(in, e.cfg.SendSource)},
		},
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return "", errors.New("invalid provider URL")
	}
	req.Header.Set("Content-Type", "application/json")
	if e.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+e.cfg.APIKey)
	}
	client := e.cfg.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("no answer within %s", timeout)
		}
		return "", errors.New("provider unreachable")
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return "", errors.New("answer cut off")
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	var out struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(raw, &out); err != nil || len(out.Choices) == 0 {
		return "", errors.New("malformed answer")
	}
	md := strings.TrimSpace(out.Choices[0].Message.Content)
	switch {
	case md == "":
		return "", errors.New("empty answer")
	case len(md) > maxExplanation || !utf8.ValidString(md):
		return "", errors.New("malformed answer")
	}
	return md, nil
}

// providerPrompt describes the findings for the provider: metadata always,
// code snippets only when the operator allowed sending source.
func providerPrompt(in ExplainInput, withSource bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Economic risk score %d/100 (%s).\n\nFindings:\n", in.Score, in.RiskLevel)
	for i, v := range in.Findings {
		fmt.Fprintf(&b, "%d. %s [%s, %s, rule %s] at %s:%d\n   %s\n", i+1, v.Title, v.Severity, v.Category, v.DetectorID, v.File, v.Line, v.Description)
		if withSource && v.Snippet != "" {
			fmt.Fprintf(&b, "   Code: %s\n", v.Snippet)
		}
	}
	if len(in.Findings) == 0 {
		b.WriteString("none\n")
	}
	return b.String()
}

// BuiltinExplanation is the deterministic explanation: for each finding,
// why it matters, the attack path, the fix and where it is.
func BuiltinExplanation(in ExplainInput) string {
	var b strings.Builder
	name := in.ContractName
	if name == "" {
		name = "the contract"
	}
	fmt.Fprintf(&b, "# Economic risk of %s\n\n", mdText(name))
	if len(in.Findings) == 0 {
		fmt.Fprintf(&b, "**Score 0/100, risk none.** The economic detectors found no flash-loan, oracle, MEV or DeFi accounting risk in this scan.\n")
		return b.String()
	}
	counts := map[string]int{}
	for _, v := range in.Findings {
		counts[v.Category]++
	}
	var parts []string
	for _, c := range []string{economic.CategoryFlashLoan, economic.CategoryOracleMEV, economic.CategoryDeFi} {
		if counts[c] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[c], economic.CategoryLabel(c)))
		}
	}
	fmt.Fprintf(&b, "**Score %d/100, risk %s.** %d finding(s): %s.\n", in.Score, in.RiskLevel, len(in.Findings), strings.Join(parts, ", "))
	for i, v := range in.Findings {
		fmt.Fprintf(&b, "\n## %d. %s\n\n", i+1, mdText(v.Title))
		fmt.Fprintf(&b, "*Severity %s, %s risk, rule `%s`.*\n\n", v.Severity, economic.CategoryLabel(v.Category), v.DetectorID)
		fmt.Fprintf(&b, "**Where:** `%s:%d`", mdCode(v.File), v.Line)
		if v.Snippet != "" {
			fmt.Fprintf(&b, ": `%s`", mdCode(v.Snippet))
		}
		fmt.Fprintf(&b, "\n\n**Why it matters here:** %s\n\n", mdText(v.Description))
		if steps := economic.AttackPath(v.DetectorID); len(steps) > 0 {
			b.WriteString("**Attack path:**\n\n")
			for j, st := range steps {
				fmt.Fprintf(&b, "%d. %s\n", j+1, st)
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "**Fix:** %s\n", mdText(v.Recommendation))
	}
	return b.String()
}

// mdText keeps a line of prose from starting Markdown structure.
func mdText(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}

// mdCode makes s safe inside a single-backtick code span.
func mdCode(s string) string {
	return strings.NewReplacer("`", "'", "\n", " ", "\r", " ").Replace(s)
}
