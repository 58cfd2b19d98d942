package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rhysd/actionlint"
)

// actionValidator is the pinned npm package the workflow test runs with npx.
const actionValidator = "@action-validator/cli@0.6.0"

func newActionlint(t *testing.T, out *bytes.Buffer) *actionlint.Linter {
	t.Helper()
	opts := &actionlint.LinterOptions{Oneline: true}
	// actionlint checks run: scripts with shellcheck when it is installed.
	if p, err := exec.LookPath("shellcheck"); err == nil {
		opts.Shellcheck = p
	} else {
		t.Log("shellcheck not installed: actionlint checks the workflows without it")
	}
	l, err := actionlint.NewLinter(out, opts)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestWorkflowsActionlint lints .github/workflows with actionlint: syntax,
// expressions and their types, job dependencies, matrix keys, the inputs
// of well-known actions, and (with shellcheck) the run: scripts.
func TestWorkflowsActionlint(t *testing.T) {
	var out bytes.Buffer
	errs, err := newActionlint(t, &out).LintRepository(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Errorf("%s", e)
	}
	for _, name := range []string{"ci.yml", "release.yml"} {
		if _, err := os.Stat(filepath.Join(".github", "workflows", name)); err != nil {
			t.Errorf("workflow %s: %v", name, err)
		}
	}
}

// The check is only worth something if it fails on a broken workflow.
func TestWorkflowsActionlintRejects(t *testing.T) {
	for name, doc := range map[string]string{
		"unknown job key": "on: push\njobs:\n  x:\n    runs-on: ubuntu-22.04\n    stepz: []\n",
		"undefined need":  "on: push\njobs:\n  x:\n    needs: build\n    runs-on: ubuntu-22.04\n    steps:\n      - run: echo\n",
		"bad expression":  "on: push\njobs:\n  x:\n    runs-on: ubuntu-22.04\n    steps:\n      - run: echo ${{ github.nope( }}\n",
		"unknown input":   "on: push\njobs:\n  x:\n    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          fetch-dpth: 0\n",
	} {
		var out bytes.Buffer
		errs, err := newActionlint(t, &out).Lint("bad.yml", []byte(doc), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(errs) == 0 {
			t.Errorf("%s: actionlint accepted\n%s", name, doc)
		}
	}
}

// TestWorkflowsActionValidator validates the workflows and action.yml
// against GitHub's schemas with action-validator, run through npx; it
// skips where npx is absent.
func TestWorkflowsActionValidator(t *testing.T) {
	npx, err := exec.LookPath("npx")
	if err != nil {
		t.Skip("npx not found: skipping " + actionValidator + " (actionlint still checks the workflows)")
	}
	files, _ := filepath.Glob(filepath.Join(".github", "workflows", "*.yml"))
	files = append(files, "action.yml")
	for _, f := range files {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		out, err := exec.CommandContext(ctx, npx, "--yes", actionValidator, f).CombinedOutput()
		cancel()
		if err != nil {
			if ctx.Err() != nil || strings.Contains(string(out), "ENOTFOUND") || strings.Contains(string(out), "EAI_AGAIN") {
				t.Skipf("npx could not fetch %s (offline?): %s", actionValidator, out)
			}
			t.Errorf("%s: %v\n%s", f, err, out)
		}
	}
}
