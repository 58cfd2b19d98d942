package main

import (
	"fmt"
	"io"
	"os"
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
	var format, failOn, preset, output string
	var noColor bool
	cmd := &cobra.Command{
		Use:   "scan PATH...",
		Short: "Scan contract files, folders or zip archives",
		Long: `Scan contract files, folders or zip archives locally and print the findings.

Exit codes: 0 no finding at or over --fail-on, 1 findings at or over --fail-on,
2 usage error, unreadable input or a file that failed to parse.

Suppress a finding with a comment on the line before it:
  // bulwark-disable-next-line SOL-TX-ORIGIN -- reason`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr(fmt.Errorf("scan needs at least one PATH"))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
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
			eng := registry.Default()
			files, err := bundle.Load(args, func(p string) bool { _, ok := eng.LanguageOf(p); return ok }, bundle.DefaultLimits)
			if err != nil {
				return usageErr(err)
			}
			if len(files) == 0 {
				return usageErr(fmt.Errorf("%s: %w", strings.Join(args, ", "), bundle.ErrNoSources))
			}
			rep, err := eng.Run(cmd.Context(), files, scanner.Options{Preset: preset})
			if err != nil {
				return err
			}
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
				err = sarif.Write(w, rep, eng.Rules(), toolVersion)
			default:
				err = render.Text(w, rep, color)
			}
			if err != nil {
				return err
			}
			if len(rep.Errors) > 0 {
				return &codeError{code: codeUsage, err: fmt.Errorf("%d parse error(s); findings above cover the rest of the input", len(rep.Errors))}
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
	cmd.Flags().StringVar(&failOn, "fail-on", "high", "exit 1 when a finding is at or over this severity (critical, high, medium, low, none)")
	cmd.Flags().StringVar(&preset, "preset", scanner.PresetStandard, "detector preset: quick, standard, deep, economic")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the report to this file instead of stdout")
	cmd.Flags().BoolVar(&noColor, "no-color", false, "never colour text output (NO_COLOR is honoured too)")
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
