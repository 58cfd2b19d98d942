package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/scanner/economic"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// newBenchCmd returns "bulwark bench": the accuracy and speed bench over
// shared/bench.
func newBenchCmd() *cobra.Command {
	var preset, shared, layouts string
	var verbose, asJSON, solhint bool
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure recall, precision, noise and speed on the shared corpora",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !scanner.ValidPreset(preset) {
				return usageErr(fmt.Errorf("unknown preset %q", preset))
			}
			dir := shared
			if dir == "" {
				d, err := bench.SharedDir()
				if errors.Is(err, bench.ErrNoCorpus) || err == nil && !hasCorpus(d) {
					if err == nil {
						err = fmt.Errorf("%s: %w", d, bench.ErrNoCorpus)
					}
					fmt.Fprintln(cmd.OutOrStdout(), "bench skipped:", err)
					return nil
				}
				if err != nil {
					return err
				}
				dir = d
			}
			eng := registry.Default()
			out := cmd.OutOrStdout()
			sb, err := bench.RunSmartBugs(cmd.Context(), eng, filepath.Join(dir, "bench", "smartbugs-curated"), preset)
			if err != nil {
				return err
			}
			renamed, err := bench.RunSmartBugsRenamed(cmd.Context(), eng, filepath.Join(dir, "bench", "smartbugs-curated"), preset)
			if err != nil {
				return err
			}
			oz, err := bench.RunRealWorld(cmd.Context(), eng, filepath.Join(dir, "bench", "realworld", "solidity"), preset)
			if err != nil {
				return err
			}
			// Parse rate: the share of files that parse without an error
			// node, on SmartBugs, OpenZeppelin and the reproduced layouts
			// of testdata/parse (when run from a checkout).
			parse := []parseRate{{name: "SmartBugs Curated", dir: filepath.Join(dir, "bench", "smartbugs-curated", "dataset")},
				{name: "OpenZeppelin (realworld/solidity)", dir: filepath.Join(dir, "bench", "realworld", "solidity")}}
			if st, err := os.Stat(layouts); err == nil && st.IsDir() {
				parse = append(parse, parseRate{name: "forge-std, solmate, solady, v4-core, OpenZeppelin 5 (" + layouts + ")", dir: layouts})
			}
			for i := range parse {
				if i == 1 {
					parse[i].r = oz
					continue
				}
				if parse[i].r, err = bench.RunRealWorld(cmd.Context(), eng, parse[i].dir, preset); err != nil {
					return err
				}
			}
			langs, err := bench.RunLanguages(cmd.Context(), eng, filepath.Join(dir, "bench", "realworld"), preset)
			if err != nil {
				return err
			}
			// A 209,000-line repository: OpenZeppelin copied into
			// folders until the bundle is that large, scanned once.
			scale, err := bench.RunScale(cmd.Context(), eng, filepath.Join(dir, "bench", "realworld", "solidity"), 209000, preset)
			if err != nil {
				return err
			}
			// The economic scanner's cost: the Solidity scanner alone
			// against it with the economic detectors, on both corpora.
			econ, err := bench.ScannerCost(cmd.Context(), scanner.New(solidity.New()), eng, economic.ScannerID, map[string]string{
				"SmartBugs Curated":                 filepath.Join(dir, "bench", "smartbugs-curated", "dataset"),
				"OpenZeppelin (realworld/solidity)": filepath.Join(dir, "bench", "realworld", "solidity")}, 3)
			if err != nil {
				return err
			}
			var speed *bench.Speed
			if solhint {
				exe, err := os.Executable()
				if err != nil {
					return err
				}
				speed, err = bench.CompareSolhint(cmd.Context(), exe, filepath.Join(dir, "bench", "smartbugs-curated", "dataset"), 3)
				if errors.Is(err, bench.ErrNoSolhint) {
					fmt.Fprintln(cmd.ErrOrStderr(), "solhint comparison skipped:", err)
				} else if err != nil {
					return err
				}
			}
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				rates := map[string]any{}
				for _, p := range parse {
					rates[p.name] = map[string]int{"files": p.r.Files, "clean_files": p.r.CleanFiles}
				}
				return enc.Encode(map[string]any{"preset": preset, "smartbugs": sb, "smartbugs_renamed": renamed, "openzeppelin": oz,
					"openzeppelin_parse_rate": oz.ParseRate(), "parse_rate": rates, "languages": langs, "economic_cost": econ, "scale": scale, "speed": speed})
			}
			fmt.Fprintf(out, "preset %s\n\n", preset)
			sb.Print(out)
			fmt.Fprintln(out)
			renamed.PrintSummary(out, "SmartBugs Curated, identifiers renamed (bench.Rename)")
			fmt.Fprintln(out)
			oz.Print(out, "OpenZeppelin (realworld/solidity)")
			fmt.Fprintln(out, "\n| parse rate | files | without error nodes |\n|---|---:|---:|")
			for _, p := range parse {
				fmt.Fprintf(out, "| %s | %d | %d (%.1f%%) |\n", p.name, p.r.Files, p.r.CleanFiles, 100*p.r.ParseRate())
			}
			fmt.Fprintf(out, "\nA %d-line repository (OpenZeppelin copied into folders, %d files) scanned as one bundle on %d cores: %s wall, %s CPU\n",
				scale.Lines, scale.Files, scale.Workers, scale.Elapsed.Round(time.Millisecond), scale.CPU.Round(time.Millisecond))
			fmt.Fprintln(out, "\nEconomic scanner (bulwark-economic) on the Solidity corpora, best of 3 runs each:")
			fmt.Fprintln(out)
			bench.PrintCost(out, economic.ScannerID, econ)
			if len(langs) > 0 {
				fmt.Fprintln(out, "\nOther languages (realworld/<language>/<repository>):")
				fmt.Fprintln(out)
				bench.PrintCorpora(out, langs)
			}
			if speed != nil {
				fmt.Fprintln(out)
				speed.Print(out)
			}
			if verbose {
				fmt.Fprintln(out, "\nMissed labels:")
				for _, m := range sb.Misses {
					fmt.Fprintln(out, "  ", m)
				}
				fmt.Fprintln(out, "\nMissed labels on the renamed copy only:")
				for _, m := range onlyIn(renamed.Misses, sb.Misses) {
					fmt.Fprintln(out, "  ", m)
				}
				fmt.Fprintln(out, "\nFindings on unlabelled lines:")
				for _, m := range sb.Noise {
					fmt.Fprintln(out, "  ", m)
				}
				fmt.Fprintln(out, "\nOpenZeppelin findings:")
				for _, f := range oz.Findings {
					fmt.Fprintf(out, "   %s:%d %s %s %s\n", f.File, f.Line, f.Severity, f.DetectorID, f.Snippet)
				}
				for _, c := range langs {
					fmt.Fprintf(out, "\n%s/%s critical and high findings:\n", c.Language, c.Name)
					for _, f := range c.Result.Findings {
						if f.Severity == scanner.Critical || f.Severity == scanner.High {
							fmt.Fprintf(out, "   %s:%d %s %s %s\n", f.File, f.Line, f.Severity, f.DetectorID, f.Snippet)
						}
					}
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&preset, "preset", scanner.PresetStandard, "detector preset: quick, standard, deep, economic")
	cmd.Flags().StringVar(&shared, "shared", "", "shared directory holding bench/ (default: $BULWARK_SHARED_DIR or ../shared)")
	cmd.Flags().StringVar(&layouts, "layouts", filepath.Join("testdata", "parse"), "folder of reproduced library layouts whose parse rate is measured too, when it exists")
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "list missed labels, unlabelled findings and real-world findings")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the results as JSON")
	cmd.Flags().BoolVar(&solhint, "solhint", true, "also time solhint's security rules against bulwark scan on SmartBugs (skipped when solhint is not installed)")
	return cmd
}

// parseRate is one corpus of the parse-rate table.
type parseRate struct {
	name, dir string
	r         *bench.RealWorld
}

func hasCorpus(shared string) bool {
	_, err := os.Stat(filepath.Join(shared, "bench", "smartbugs-curated", "vulnerabilities.json"))
	return err == nil
}

// onlyIn returns the entries of a absent from b.
func onlyIn(a, b []string) []string {
	seen := map[string]bool{}
	for _, x := range b {
		seen[x] = true
	}
	var out []string
	for _, x := range a {
		if !seen[x] {
			out = append(out, x)
		}
	}
	return out
}
