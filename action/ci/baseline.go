package ci

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bundle"
	"github.com/bulwark-sec/bulwark/scanner/registry"
)

// Baseline is what a run with a baseline compared its findings with.
type Baseline struct {
	// Ref is what was asked for: a git ref or branch, or a scan id.
	Ref string `json:"ref"`
	// ScanID is the service's baseline scan; empty for a local run, or
	// when the service found none (every finding is then new).
	ScanID string `json:"scan_id,omitempty"`
	// New, Fixed and Unchanged compare the findings by fingerprint
	// (core.CompareFindings): only New ones are counted.
	New       int `json:"new"`
	Fixed     int `json:"fixed"`
	Unchanged int `json:"unchanged"`
}

// asDB turns findings into the service's form for core.CompareFindings,
// which matches by fingerprint and leaves out settled and suppressed ones.
func asDB(vs []client.Vulnerability) []db.Vulnerability {
	out := make([]db.Vulnerability, 0, len(vs))
	for _, v := range vs {
		out = append(out, db.Vulnerability{Severity: v.Severity, Status: first(v.Status, "open"),
			Fingerprint: v.Fingerprint, Suppressed: v.Status == StatusSuppressed})
	}
	return out
}

// applyBaseline marks the findings of res whose fingerprint base has as
// InBaseline, so counts, the gate and the worst findings see only new
// ones, and records the comparison.
func applyBaseline(out *Outcome, base []client.Vulnerability, ref, scanID string) {
	cmp := core.CompareFindings(asDB(base), asDB(out.Results.Vulnerabilities))
	isNew := map[string]bool{}
	for _, v := range cmp.New {
		isNew[v.Fingerprint] = true
	}
	for i := range out.Results.Vulnerabilities {
		v := &out.Results.Vulnerabilities[i]
		v.InBaseline = !isNew[v.Fingerprint]
	}
	out.Baseline = &Baseline{Ref: ref, ScanID: scanID, New: len(cmp.New), Fixed: len(cmp.Fixed), Unchanged: cmp.Unchanged}
	out.Counts = tally(out.Results.Vulnerabilities)
}

// localBaseline scans the tree of git ref under the root, selected as the
// working tree was, and compares the run's findings with it.
func localBaseline(ctx context.Context, o Options, cfg *bundle.Config, out *Outcome) error {
	if _, err := uuid.Parse(o.Baseline); err == nil {
		return usagef("--baseline %s is a scan id, which needs the service (--api-url and a key); a local run takes a git ref", o.Baseline)
	}
	dir, err := os.MkdirTemp("", "bulwark-baseline-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := gitExport(ctx, o.Root, o.Baseline, dir); err != nil {
		return err
	}
	co := o.CollectOptions
	co.Root = dir
	if cfg != nil {
		// The working tree's .bulwark.yml selects both sides alike.
		b, err := os.ReadFile(filepath.Join(o.Root, ".bulwark.yml"))
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, ".bulwark.yml"), b, 0o644)
		}
		if err != nil {
			return err
		}
	}
	files, _, err := Collect(co, cfg, io.Discard)
	var ue *UsageError
	if err != nil && !errors.As(err, &ue) {
		return err
	}
	var base []client.Vulnerability
	if len(files) > 0 {
		rep, err := registry.Default().Run(ctx, files, scanner.Options{Preset: o.Preset})
		if err != nil {
			return fmt.Errorf("scan the baseline %s: %w", o.Baseline, err)
		}
		base = vulnerabilitiesOf(cfg.Apply(rep.Findings))
	}
	applyBaseline(out, base, o.Baseline, "")
	return nil
}

// gitExport writes the tree of ref under root (the part of the
// repository root stands for) into dir.
func gitExport(ctx context.Context, root, ref, dir string) error {
	abs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	git := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "safe.directory=" + abs}, args...)...)
		cmd.Dir = abs
		b, err := cmd.Output()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("git %s: %s", args[0], strings.TrimSpace(string(ee.Stderr)))
		}
		return b, err
	}
	prefix, err := git("rev-parse", "--show-prefix")
	if err != nil {
		return fmt.Errorf("--baseline needs a git checkout: %w", err)
	}
	if _, err := git("rev-parse", "--verify", "--quiet", ref+"^{commit}"); err != nil {
		return usagef("--baseline %s: not a commit in this checkout (fetch it, e.g. actions/checkout with fetch-depth: 0)", ref)
	}
	b, err := git("archive", "--format=tar", ref+":"+strings.TrimSpace(string(prefix)))
	if err != nil {
		return err
	}
	tr := tar.NewReader(bytes.NewReader(b))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.FromSlash(h.Name)
		if !filepath.IsLocal(name) {
			continue
		}
		p := filepath.Join(dir, name)
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(p, 0o755)
		case tar.TypeReg:
			if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
				var f *os.File
				if f, err = os.Create(p); err == nil {
					_, err = io.Copy(f, tr)
					if cerr := f.Close(); err == nil {
						err = cerr
					}
				}
			}
		}
		if err != nil {
			return err
		}
	}
}

// serviceBaseline reads the findings of the service's baseline scan and
// compares the run's findings with them.
func serviceBaseline(ctx context.Context, c *client.Client, o Options, out *Outcome, scanID string) error {
	var base []client.Vulnerability
	if scanID != "" {
		res, err := c.ScanResults(ctx, scanID)
		if err != nil {
			return fmt.Errorf("read the baseline scan %s: %w", scanID, err)
		}
		base = res.Vulnerabilities
	} else {
		fmt.Fprintf(o.Log, "bulwark: no baseline scan found for %s; every finding counts as new\n", first(o.Baseline, "the base branch"))
	}
	applyBaseline(out, base, first(o.Baseline, o.CI.BaseBranch), scanID)
	return nil
}

// vulnerabilitiesOf turns engine findings into the API's form: open, or
// suppressed when a bulwark-disable comment accepted them.
func vulnerabilitiesOf(fs []scanner.Finding) []client.Vulnerability {
	var vs []client.Vulnerability
	for _, f := range fs {
		status := "open"
		if f.Suppressed {
			status = StatusSuppressed
		}
		vs = append(vs, client.Vulnerability{Title: f.Title, Severity: string(f.Severity),
			Status: status, Category: f.Category, Scanner: f.Scanner, DetectorID: f.DetectorID, File: f.File, Line: f.Line,
			EndLine: f.EndLine, Confidence: f.Confidence, Snippet: f.Snippet, Description: f.Description,
			Recommendation: f.Recommendation, CWE: f.CWE, SWC: f.SWC, Fingerprint: f.Fingerprint, Note: f.SuppressionReason})
	}
	return vs
}
