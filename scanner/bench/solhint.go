package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ErrNoSolhint reports that solhint (or node) is not installed.
var ErrNoSolhint = errors.New("solhint not found on PATH (npm install -g solhint)")

// solhintConfig enables solhint's security rules (compiler-version off: it
// only flags old pragmas, which the corpus is made of).
const solhintConfig = `{"rules": {
  "avoid-call-value": "warn", "avoid-low-level-calls": "warn", "avoid-sha3": "warn",
  "avoid-suicide": "warn", "avoid-throw": "warn", "avoid-tx-origin": "warn",
  "check-send-result": "warn", "func-visibility": "warn", "multiple-sends": "warn",
  "no-complex-fallback": "warn", "no-inline-assembly": "warn", "not-rely-on-block-hash": "warn",
  "not-rely-on-time": "warn", "reentrancy": "warn", "state-visibility": "warn"}}`

// Speed compares cold-process wall times on one folder of contracts.
type Speed struct {
	Files          int           `json:"files"`
	Bulwark        time.Duration `json:"bulwark_ns"`
	Solhint        time.Duration `json:"solhint_ns"`
	SolhintVersion string        `json:"solhint_version"`
}

// Ratio is how many times faster bulwark is.
func (s *Speed) Ratio() float64 {
	if s.Bulwark == 0 {
		return 0
	}
	return float64(s.Solhint) / float64(s.Bulwark)
}

// best runs a command runs times and returns its best wall time.
func best(ctx context.Context, runs int, name string, args ...string) (time.Duration, error) {
	var min time.Duration
	for i := 0; i < runs; i++ {
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		start := time.Now()
		err := cmd.Run()
		d := time.Since(start)
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) { // findings make both exit non-zero
			return 0, fmt.Errorf("%s: %w", name, err)
		}
		if i == 0 || d < min {
			min = d
		}
	}
	return min, nil
}

// CompareSolhint times "bulwarkExe scan" and solhint's security rules on
// every .sol file under dir, each in a fresh process, best of runs.
func CompareSolhint(ctx context.Context, bulwarkExe, dir string, runs int) (*Speed, error) {
	solhint, err := exec.LookPath("solhint")
	if err != nil {
		return nil, ErrNoSolhint
	}
	out, err := exec.CommandContext(ctx, solhint, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("solhint --version: %w", err)
	}
	tmp, err := os.MkdirTemp("", "bulwark-solhint")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cfg := filepath.Join(tmp, "solhint.json")
	if err := os.WriteFile(cfg, []byte(solhintConfig), 0o644); err != nil {
		return nil, err
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.sol"))
	s := &Speed{Files: len(files), SolhintVersion: strings.TrimSpace(string(out))}
	if s.Bulwark, err = best(ctx, runs, bulwarkExe, "scan", "--format", "json", "--fail-on", "none", dir); err != nil {
		return nil, err
	}
	if s.Solhint, err = best(ctx, runs, solhint, "-c", cfg, filepath.Join(dir, "**", "*.sol")); err != nil {
		return nil, err
	}
	return s, nil
}

// Print writes the comparison.
func (s *Speed) Print(w io.Writer) {
	fmt.Fprintf(w, "Speed, SmartBugs Curated (%d files), cold process, best of 3:\n", s.Files)
	fmt.Fprintf(w, "  bulwark scan     %6.3f s\n", s.Bulwark.Seconds())
	fmt.Fprintf(w, "  solhint %-8s %6.3f s (security rules)\n", s.SolhintVersion, s.Solhint.Seconds())
	fmt.Fprintf(w, "  bulwark is %.1fx faster\n", s.Ratio())
}
