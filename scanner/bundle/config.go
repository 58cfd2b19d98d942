package bundle

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/bulwark-sec/bulwark/scanner"
)

// ConfigFile is the name of the repository configuration, read at the
// root.
const ConfigFile = ".bulwark.yml"

// ConfigSchema is the JSON Schema of ConfigFile (docs/bulwark-config.schema.json
// is a copy for editors; a test keeps them equal).
//
//go:embed config.schema.json
var ConfigSchema []byte

// Config is a repository's .bulwark.yml. Every field is optional; command
// line flags win over it.
type Config struct {
	// Paths are the folders or files to scan, relative to the root.
	Paths []string `yaml:"paths"`
	// Exclude holds .gitignore-style patterns left out of the scan.
	Exclude []string `yaml:"exclude"`
	// Preset is the detector preset (quick, standard, deep, economic).
	Preset string `yaml:"preset"`
	// FailOn is the severity that fails the run (critical, high, medium,
	// low, none).
	FailOn string `yaml:"fail_on"`
	// MinConfidence drops findings below this confidence (0 to 1).
	MinConfidence *float64 `yaml:"min_confidence"`
	// Languages limits the scan to these languages.
	Languages []string `yaml:"languages"`
	// IncludeDeps and IncludeTests are the --include-deps and
	// --include-tests defaults.
	IncludeDeps  bool `yaml:"include_deps"`
	IncludeTests bool `yaml:"include_tests"`
	// Detectors overrides detectors by id: disable one, or change its
	// severity.
	Detectors map[string]DetectorOverride `yaml:"detectors"`
}

// DetectorOverride is one entry of Config.Detectors.
type DetectorOverride struct {
	Disable  bool   `yaml:"disable"`
	Severity string `yaml:"severity"`
}

// ConfigError is a mistake in the configuration, with its line.
type ConfigError struct {
	Line int
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", ConfigFile, e.Line, e.Msg)
	}
	return ConfigFile + ": " + e.Msg
}

// LoadConfig reads root/.bulwark.yml; (nil, nil) when there is none.
func LoadConfig(root string) (*Config, error) {
	b, err := os.ReadFile(filepath.Join(root, ConfigFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseConfig(b)
}

// configKeys are the keys a mapping may hold, by its path.
var configKeys = map[string][]string{
	"":            {"paths", "exclude", "preset", "fail_on", "min_confidence", "languages", "include_deps", "include_tests", "detectors"},
	"detectors.*": {"disable", "severity"},
}

// ParseConfig reads a .bulwark.yml document. Unknown keys, wrong types and
// values out of their set are errors naming the line.
func ParseConfig(b []byte) (*Config, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return &Config{}, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, &ConfigError{Msg: "not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if len(doc.Content) == 0 {
		return &Config{}, nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, &ConfigError{Line: top.Line, Msg: "the configuration must be a mapping of keys to values"}
	}
	if err := checkKeys(top, ""); err != nil {
		return nil, err
	}
	var c Config
	if err := top.Decode(&c); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) && len(te.Errors) > 0 {
			// yaml.v3 words them "line N: cannot unmarshal …".
			e := &ConfigError{Msg: te.Errors[0]}
			if n, rest, ok := strings.Cut(strings.TrimPrefix(e.Msg, "line "), ": "); ok {
				if l, err := strconv.Atoi(n); err == nil {
					e.Line, e.Msg = l, rest
				}
			}
			return nil, e
		}
		return nil, &ConfigError{Msg: err.Error()}
	}
	if err := c.validate(top); err != nil {
		return nil, err
	}
	return &c, nil
}

// checkKeys refuses keys the schema does not define, with their line.
func checkKeys(n *yaml.Node, at string) error {
	allowed := configKeys[at]
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !slices.Contains(allowed, k.Value) {
			where := "the top level"
			if at != "" {
				where = strings.TrimSuffix(at, ".*") + " entries"
			}
			return &ConfigError{Line: k.Line, Msg: fmt.Sprintf("unknown key %q in %s (known: %s)", k.Value, where, strings.Join(allowed, ", "))}
		}
		if at == "" && k.Value == "detectors" {
			if v.Kind != yaml.MappingNode {
				return &ConfigError{Line: v.Line, Msg: "detectors must map detector ids to {disable, severity}"}
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				if d := v.Content[j+1]; d.Kind != yaml.MappingNode {
					return &ConfigError{Line: d.Line, Msg: fmt.Sprintf("detectors.%s must be a mapping with disable or severity", v.Content[j].Value)}
				} else if err := checkKeys(d, "detectors.*"); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// line finds the line of key in the top-level mapping.
func line(top *yaml.Node, key string) int {
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value == key {
			return top.Content[i+1].Line
		}
	}
	return 0
}

var (
	presets    = []string{"quick", "standard", "deep", "economic"}
	severities = []string{"critical", "high", "medium", "low"}
	languages  = []string{"solidity", "vyper", "rust", "move", "cairo"}
)

func (c *Config) validate(top *yaml.Node) error {
	bad := func(key, msg string) error { return &ConfigError{Line: line(top, key), Msg: key + ": " + msg} }
	if c.Preset != "" && !slices.Contains(presets, c.Preset) {
		return bad("preset", fmt.Sprintf("%q is not one of %s", c.Preset, strings.Join(presets, ", ")))
	}
	if c.FailOn != "" && c.FailOn != "none" && !slices.Contains(severities, c.FailOn) {
		return bad("fail_on", fmt.Sprintf("%q is not one of %s, none", c.FailOn, strings.Join(severities, ", ")))
	}
	if c.MinConfidence != nil && (*c.MinConfidence < 0 || *c.MinConfidence > 1) {
		return bad("min_confidence", "must be between 0 and 1")
	}
	for _, l := range c.Languages {
		if !slices.Contains(languages, l) {
			return bad("languages", fmt.Sprintf("%q is not one of %s", l, strings.Join(languages, ", ")))
		}
	}
	for _, p := range append(slices.Clone(c.Paths), c.Exclude...) {
		if p == "" || filepath.IsAbs(p) || strings.HasPrefix(filepath.ToSlash(filepath.Clean(p)), "../") {
			return bad("paths", fmt.Sprintf("%q must be a path inside the repository", p))
		}
	}
	for id, o := range c.Detectors {
		if o.Severity != "" && !slices.Contains(severities, o.Severity) {
			return bad("detectors", fmt.Sprintf("%s.severity %q is not one of %s", id, o.Severity, strings.Join(severities, ", ")))
		}
	}
	return nil
}

// Apply filters and rewrites findings as the configuration says: findings
// of disabled detectors and below min_confidence are dropped, and severity
// overrides are applied.
func (c *Config) Apply(fs []scanner.Finding) []scanner.Finding {
	out := fs[:0]
	for _, f := range fs {
		sev, keep := c.Override(f.DetectorID, f.Confidence, string(f.Severity))
		if !keep {
			continue
		}
		f.Severity = scanner.Severity(sev)
		out = append(out, f)
	}
	return out
}

// Selection merges the configuration into the command line's selection:
// include_deps and include_tests turn inclusions on (a flag can only add
// to them), the configuration's exclusions come before the command line's
// (so a "!pattern" flag wins), and languages apply when no flag chose. A
// nil configuration returns flags unchanged. `bulwark scan`, `bulwark ci`
// and the GitHub App all select through it.
func (c *Config) Selection(flags Selection) Selection {
	if c == nil {
		return flags
	}
	s := flags
	s.IncludeDeps = s.IncludeDeps || c.IncludeDeps
	s.IncludeTests = s.IncludeTests || c.IncludeTests
	s.Exclude = append(slices.Clone(c.Exclude), flags.Exclude...)
	if len(s.Languages) == 0 {
		s.Languages = slices.Clone(c.Languages)
	}
	return s
}

// ScanPaths returns what to scan: args as given, or the configuration's
// paths (joined to root) when args name nothing but the root itself
// (`bulwark scan .` at the root, `bulwark ci` without --path).
func (c *Config) ScanPaths(root string, args []string) []string {
	if c == nil || len(c.Paths) == 0 || root == "" {
		return args
	}
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil || abs != root {
			return args
		}
	}
	out := make([]string, len(c.Paths))
	for i, p := range c.Paths {
		out[i] = filepath.Join(root, filepath.FromSlash(p))
	}
	return out
}

// Override applies the detectors and min_confidence settings to one
// finding: keep false drops it, and sev is its severity after any
// override. Apply uses it on engine findings; `bulwark ci` on the
// service's.
func (c *Config) Override(detectorID string, confidence float64, sev string) (string, bool) {
	if c == nil {
		return sev, true
	}
	o := c.Detectors[detectorID]
	if o.Disable || c.MinConfidence != nil && confidence < *c.MinConfidence {
		return sev, false
	}
	if o.Severity != "" {
		sev = o.Severity
	}
	return sev, true
}
