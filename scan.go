package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bundle"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/render"
	"github.com/bulwark-sec/bulwark/scanner/sarif"
)

// toolVersion is stamped at build time with -ldflags "-X main.toolVersion=…".
var toolVersion = "dev"

// newScanCmd returns "bulwark scan PATH…": a local scan of files, folders
// and zip archives without a server.
func newScanCmd() *cobra.Command {
	var format, failOn, preset, output, maxFileSize, root string
	var noColor, includeDeps, includeTests, quiet bool
	var excludes, includes []string
	cmd := &cobra.Command{
		Use:   "scan PATH...",
		Short: "Scan contract files, folders or zip archives",
		Long: `Scan contract files, folders or zip archives locally and print the findings.

Exit codes: 0 no finding at or over --fail-on, 1 findings at or over --fail-on,
2 usage error, unreadable input, or nothing this version can scan. A file that
does not parse cleanly is still analysed around its errors, each reported with
its line; they do not change the exit code.

Files over --max-file-size, files that are not text and sources of languages
without a scanner in this version are skipped, each kind named in one notice
on stderr. On a terminal, stderr shows the scan's progress after two seconds
and ends with one line: files selected, excluded, skipped, findings and time
(-q turns it and the selection summary off).

A Solidity file named on the command line reads the files it imports by
relative path (./Base.sol, ../lib/Owned.sol), and theirs, for their
definitions only: nothing in them is reported or counted, and a notice on
stderr names them.

Suppress a finding with a comment on the line before it:
  // bulwark-disable-next-line SOL-TX-ORIGIN -- reason`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr(fmt.Errorf("scan needs at least one PATH"))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if root == "" {
				if root, err = bundle.FindRoot(args[0]); err != nil {
					return usageErr(err)
				}
			} else if root, err = filepath.Abs(root); err != nil {
				return usageErr(err)
			}
			// The repository's .bulwark.yml sets defaults; flags win.
			var cfg *bundle.Config
			if root != "" {
				if cfg, err = bundle.LoadConfig(root); err != nil {
					return usageErr(err)
				}
			}
			if cfg != nil {
				if cfg.Preset != "" && !cmd.Flags().Changed("preset") {
					preset = cfg.Preset
				}
				if cfg.FailOn != "" && !cmd.Flags().Changed("fail-on") {
					failOn = cfg.FailOn
				}
			}
			args = cfg.ScanPaths(root, args)
			if !scanner.ValidPreset(preset) {
				return usageErr(fmt.Errorf("unknown preset %q (quick, standard, deep, economic)", preset))
			}
			threshold := 0
			if failOn != "none" {
				s, ok := scanner.ParseSeverity(failOn)
				if !ok {
					return usageErr(fmt.Errorf("unknown --fail-on %q (critical, high, medium, low, none)", failOn))
				}
				threshold = s.Rank()
			}
			switch format {
			case "text", "json", "sarif":
			default:
				return usageErr(fmt.Errorf("unknown format %q (text, json, sarif)", format))
			}
			lim := bundle.DefaultLimits
			if maxFileSize != "" {
				n, err := parseSize(maxFileSize)
				if err != nil {
					return usageErr(fmt.Errorf("--max-file-size: %w", err))
				}
				lim.MaxFileBytes = n
			}
			eng := registry.Default()
			keep := func(p string) bool {
				_, ok := eng.LanguageOf(p)
				return ok
			}
			sel := cfg.Selection(bundle.Selection{Root: root, IncludeDeps: includeDeps, IncludeTests: includeTests, Exclude: excludes, Include: includes, Imports: true})
			tree, err := bundle.LoadTree(args, keep, lim, sel)
			if err != nil {
				return usageErr(err)
			}
			files := tree.Files
			if walkedFolder(args) && !quiet {
				fmt.Fprintln(cmd.ErrOrStderr(), tree.Summary())
			}
			if imp := tree.Imported(); len(imp) > 0 && !quiet {
				fmt.Fprintf(cmd.ErrOrStderr(), "notice: read %d imported file(s) for their definitions only, nothing is reported in them: %s\n", len(imp), strings.Join(imp, ", "))
			}
			notices := tree.Skipped.Notices(lim, "raise it with --max-file-size")
			for _, n := range notices {
				fmt.Fprintln(cmd.ErrOrStderr(), "notice: "+n)
			}
			if len(files) == 0 {
				if len(notices) > 0 {
					return usageErr(fmt.Errorf("nothing to scan in %s: %s", strings.Join(args, ", "), strings.Join(notices, "; ")))
				}
				return usageErr(fmt.Errorf("%s: %w", strings.Join(args, ", "), bundle.ErrNoSources))
			}
			prog := startProgress(cmd.ErrOrStderr(), quiet, len(files), tree.Excluded.Total(), tree.Skipped.Count())
			opts := scanner.Options{Preset: preset}
			if prog != nil {
				opts.Progress = prog.update
			}
			rep, err := eng.Run(cmd.Context(), files, opts)
			prog.halt()
			if err != nil {
				return err
			}
			if cfg != nil {
				rep.Findings = cfg.Apply(rep.Findings)
			}
			open := 0
			for _, f := range rep.Findings {
				if !f.Suppressed {
					open++
				}
			}
			defer prog.finish(open)
			var w io.Writer = cmd.OutOrStdout()
			color := !noColor && isTerminal(w)
			if output != "" {
				f, err := os.Create(output)
				if err != nil {
					return usageErr(err)
				}
				defer f.Close()
				w, color = f, false
			}
			switch format {
			case "json":
				err = render.JSON(w, rep)
			case "sarif":
				so := sarif.Options{ToolVersion: toolVersion, Rules: eng.Rules()}
				if root != "" {
					so.RepositoryURI, so.Revision, so.Branch, so.RepositoryRoot = gitProvenance(root)
				}
				err = sarif.Write(w, rep, so)
			default:
				err = render.Text(w, rep, color)
			}
			if err != nil {
				return err
			}
			if len(rep.Errors) > 0 {
				// A diagnostic, not a failure: the exit code follows the
				// findings, as `bulwark ci` does.
				broken := map[string]bool{}
				for _, e := range rep.Errors {
					broken[e.File] = true
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "notice: %d file(s) did not parse cleanly; they were analysed around the errors listed above\n", len(broken))
			}
			if threshold > 0 {
				for _, f := range rep.Findings {
					if !f.Suppressed && f.Severity.Rank() >= threshold {
						return &codeError{code: codeFindings}
					}
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output format: text, json, sarif")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "no selection summary and no progress line on stderr (notices and errors still show)")
	cmd.Flags().StringVar(&failOn, "fail-on", "high", "exit 1 when a finding is at or over this severity (critical, high, medium, low, none)")
	cmd.Flags().StringVar(&preset, "preset", scanner.PresetStandard, "detector preset: quick, standard, deep, economic")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the report to this file instead of stdout")
	cmd.Flags().BoolVar(&noColor, "no-color", false, "never colour text output (NO_COLOR is honoured too)")
	cmd.Flags().StringVar(&maxFileSize, "max-file-size", "", "skip files larger than this (e.g. 8MiB, 500KB; default 8MiB)")
	cmd.Flags().StringVar(&root, "root", "", "repository root: paths are reported relative to it and its .gitignore, .bulwarkignore and foundry.toml apply (default: the nearest folder with .git, foundry.toml, hardhat.config.* or .bulwark.yml)")
	cmd.Flags().BoolVar(&includeDeps, "include-deps", false, "also scan dependencies (lib/, node_modules/, dependencies/ and foundry.toml's libs)")
	cmd.Flags().BoolVar(&includeTests, "include-tests", false, "also scan tests, scripts and mocks (test/, tests/, script/, mocks/, testhelpers/, *.t.sol, *.s.sol)")
	cmd.Flags().StringArrayVar(&excludes, "exclude", nil, "leave out paths matching this .gitignore-style pattern, relative to the root (repeatable)")
	cmd.Flags().StringArrayVar(&includes, "include", nil, "scan paths matching this .gitignore-style pattern, relative to the root, even when dependencies, tests, ignore files or --exclude leave them out (repeatable)")
	return cmd
}

// isTerminal reports whether w is a character device and NO_COLOR is unset.
func isTerminal(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// parseSize reads a byte size: a number with an optional B, KB/KiB or
// MB/MiB suffix (powers of 1024).
func parseSize(v string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(v))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"MIB", 1 << 20}, {"MB", 1 << 20}, {"M", 1 << 20}, {"KIB", 1 << 10}, {"KB", 1 << 10}, {"K", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<40)/mult {
		return 0, fmt.Errorf("%q is not a size such as 8MiB or 500KB", v)
	}
	return n * mult, nil
}

// walkedFolder reports whether any argument is a folder, a glob or a zip
// archive, whose selection the summary describes.
func walkedFolder(args []string) bool {
	for _, a := range args {
		st, err := os.Stat(a)
		if err == nil && (st.IsDir() || strings.EqualFold(filepath.Ext(a), ".zip")) || err != nil && strings.ContainsAny(a, "*?[") {
			return true
		}
	}
	return false
}
