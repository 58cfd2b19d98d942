package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/bulwark-sec/bulwark/action"
	"github.com/bulwark-sec/bulwark/action/ci"
	"github.com/bulwark-sec/bulwark/action/client"
)

// newCICmd is `bulwark ci`: the generic CI mode for any CI system.
func newCICmd() *cobra.Command {
	var o ci.Options
	var maxAttempts int
	cmd := &cobra.Command{
		Use:   "ci",
		Short: "Scan contracts (through the service, or locally without --api-url), apply the gate and exit 0 (pass), 1 (fail) or 2 (error)",
		Long: `Upload the contract sources under --path, chosen as "bulwark scan" chooses
them (files, folders, globs; the root's .bulwark.yml, .gitignore files,
.bulwarkignore and --exclude apply to what folders and globs find;
dependencies, tests, scripts and mocks are left out unless --include-deps or
--include-tests), scan them with --preset, wait up to --wait-timeout,
evaluate the project's quality gate with the CI system's context, print a
summary and write the reports asked for. Flags win over .bulwark.yml.

Without --api-url (or BULWARK_API_URL), or without a key (a pull request
from a fork gets no secrets), the scan runs locally, in-process, with the
detectors "bulwark scan" runs: nothing is uploaded or recorded, and
--fail-on gate applies the service's default gate (fail on any critical
finding). The log says which mode ran.

Exit codes: 0 the gate passed (or nothing at or above --fail-on);
1 the gate failed (or findings at or above --fail-on);
2 a usage, network, service or scan error, or the wait timed out.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.APIURL == "" {
				o.APIURL = os.Getenv("BULWARK_API_URL")
			}
			if o.APIKey == "" {
				o.APIKey = os.Getenv("BULWARK_API_KEY")
			}
			o.CI = ci.DetectCI(nil)
			o.ToolVersion = toolVersion
			errw := cmd.ErrOrStderr()
			o.Log = errw
			o.Progress = ci.NewProgress(errw, ci.Interactive(errw, o.CI))
			if err := o.Validate(); err != nil {
				return usageExit(cmd, err)
			}
			if !o.Local() {
				c, err := client.New(o.APIURL, o.APIKey)
				if err != nil {
					return usageExit(cmd, err)
				}
				c.MaxAttempts = maxAttempts
				c.UserAgent = "bulwark-ci/" + client.Version + " (" + o.CI.Provider + ")"
				o.Client = c
			}
			out, err := ci.Run(cmd.Context(), o)
			if out != nil && (out.Scan != nil || out.Skipped != "") {
				ci.WriteSummary(cmd.OutOrStdout(), out, 20)
			}
			code := ci.ExitCode(out, err)
			if err != nil {
				var ue *ci.UsageError
				if errors.As(err, &ue) {
					return usageExit(cmd, err)
				}
				fmt.Fprintf(errw, "bulwark ci: error: %v\n", err)
			}
			if code != 0 {
				return &codeError{code: code}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.APIURL, "api-url", "", "service URL, e.g. https://bulwark.example.com (env BULWARK_API_URL)")
	f.StringVar(&o.APIKey, "api-key", "", "API key (env BULWARK_API_KEY, preferred: flags show in process lists)")
	f.StringVar(&o.Project, "project", "", "project id, or name (created when absent)")
	f.StringArrayVar(&o.Paths, "path", nil, "file, folder or glob to upload (repeatable; default .)")
	f.StringArrayVar(&o.Excludes, "exclude", nil, ".gitignore-style pattern to leave out (repeatable)")
	f.StringArrayVar(&o.Includes, "include", nil, ".gitignore-style pattern to upload even when dependencies, tests, ignore files or --exclude leave it out (repeatable)")
	f.StringVar(&o.Root, "root", ".", "working tree root: paths in findings are relative to it, and its .bulwark.yml and ignore files apply")
	f.StringVar(&o.Language, "language", "", "solidity, vyper, rust, move or cairo (default: inferred)")
	f.StringVar(&o.ContractName, "name", "", "contract name (default: project@branch commit)")
	f.StringVar(&o.Preset, "preset", "", "scan preset: quick, standard, deep or economic (default: .bulwark.yml's preset, else standard)")
	f.StringVar(&o.FailOn, "fail-on", "", "fail on: gate (the project's quality gate), critical, high, medium, low or none (default: .bulwark.yml's fail_on, else gate)")
	f.BoolVar(&o.IncludeDeps, "include-deps", false, "also upload dependencies (lib/, node_modules/, dependencies/ and foundry.toml's libs)")
	f.BoolVar(&o.IncludeTests, "include-tests", false, "also upload tests, scripts and mocks (test/, tests/, script/, mocks/, testhelpers/, *.t.sol, *.s.sol)")
	f.StringVar(&o.SARIFFile, "sarif-file", "", "write SARIF 2.1.0 here")
	f.StringVar(&o.JSONFile, "json-file", "", "write a JSON report here")
	f.StringVar(&o.JUnitFile, "junit-file", "", "write a JUnit XML report here")
	f.StringVar(&o.GitLabSASTFile, "gitlab-sast", "", "write a GitLab SAST report (security report schema "+ci.GitLabSASTVersion+") here")
	f.StringVar(&o.CodeQualityFile, "codequality", "", "write a GitLab Code Quality (Code Climate JSON) report here")
	f.DurationVar(&o.WaitTimeout, "wait-timeout", 10*time.Minute, "how long to wait for the scan")
	f.DurationVar(&o.PollInterval, "poll-interval", 2*time.Second, "how often to poll the scan")
	f.BoolVar(&o.ChangedOnly, "changed-only", false, "upload only files changed since the base commit (git)")
	f.StringVar(&o.BaseRef, "base-ref", "", "base commit for --changed-only (default: the CI's pull-request base)")
	f.StringVar(&o.Baseline, "baseline", "", "count only findings new against this baseline: with the service a scan id or a branch (its latest scan), locally a git ref")
	f.IntVar(&maxAttempts, "max-attempts", 5, "tries per API call on 429, 502, 503, 504 and refused connections")
	return cmd
}

func usageExit(cmd *cobra.Command, err error) error {
	fmt.Fprintf(cmd.ErrOrStderr(), "bulwark ci: %v\n", err)
	return &codeError{code: ci.ExitError}
}

// newActionCmd is `bulwark action`, the GitHub Action's entrypoint: it
// reads INPUT_* variables instead of flags.
func newActionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "action",
		Short: "Run as the GitHub Action (reads INPUT_* variables set by the runner)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg := action.Config{Stdout: cmd.OutOrStdout(), ToolVersion: toolVersion}
			if v := os.Getenv("BULWARK_POLL_INTERVAL"); v != "" {
				if d, err := time.ParseDuration(v); err == nil {
					cfg.PollInterval = d
				}
			}
			if v := os.Getenv("BULWARK_MAX_ATTEMPTS"); v != "" {
				var n int
				if _, err := fmt.Sscan(v, &n); err == nil {
					cfg.MaxAttempts = n
				}
			}
			if code := action.Run(cmd.Context(), cfg); code != 0 {
				return &codeError{code: code}
			}
			return nil
		},
	}
}
