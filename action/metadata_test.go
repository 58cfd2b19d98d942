package action_test

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"
)

// actionMetadata is action.yml as GitHub's runner reads it.
type actionMetadata struct {
	Name        string `yaml:"name"`
	Author      string `yaml:"author"`
	Description string `yaml:"description"`
	Inputs      map[string]struct {
		Description        string `yaml:"description"`
		Required           *bool  `yaml:"required"`
		Default            any    `yaml:"default"`
		DeprecationMessage string `yaml:"deprecationMessage"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using          string            `yaml:"using"`
		Image          string            `yaml:"image"`
		Args           []string          `yaml:"args"`
		Entrypoint     string            `yaml:"entrypoint"`
		PreEntrypoint  string            `yaml:"pre-entrypoint"`
		PostEntrypoint string            `yaml:"post-entrypoint"`
		Env            map[string]string `yaml:"env"`
	} `yaml:"runs"`
	Branding struct {
		Icon  string `yaml:"icon"`
		Color string `yaml:"color"`
	} `yaml:"branding"`
}

// The rules of GitHub's "Metadata syntax for GitHub Actions".
var (
	inputID        = regexp.MustCompile(`^[_a-zA-Z][a-zA-Z0-9_-]*$`)
	topLevelKeys   = map[string]bool{"name": true, "author": true, "description": true, "inputs": true, "outputs": true, "runs": true, "branding": true}
	dockerRunsKeys = map[string]bool{"using": true, "image": true, "args": true, "env": true, "entrypoint": true, "pre-entrypoint": true, "pre-if": true, "post-entrypoint": true, "post-if": true}
	brandColors    = map[string]bool{"white": true, "black": true, "yellow": true, "blue": true, "green": true, "orange": true, "red": true, "purple": true, "gray-dark": true}
)

func readMetadata(t *testing.T) (actionMetadata, map[string]any) {
	t.Helper()
	b, err := os.ReadFile("../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var m actionMetadata
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	return m, raw
}

func TestActionMetadataFollowsGitHubRules(t *testing.T) {
	m, raw := readMetadata(t)
	for k := range raw {
		if !topLevelKeys[k] {
			t.Errorf("unknown top-level key %q", k)
		}
	}
	if m.Name == "" || m.Description == "" {
		t.Error("name and description are required")
	}
	if _, ok := raw["runs"]; !ok {
		t.Fatal("runs is required")
	}
	for k := range raw["runs"].(map[string]any) {
		if !dockerRunsKeys[k] {
			t.Errorf("runs.%s is not a key of a Docker action", k)
		}
	}
	if m.Runs.Using != "docker" || m.Runs.Image != "Dockerfile" {
		t.Errorf("runs: using %q image %q, want docker and Dockerfile", m.Runs.Using, m.Runs.Image)
	}
	if diff := cmp.Diff([]string{"action"}, m.Runs.Args); diff != "" {
		t.Errorf("runs.args must run `bulwark action` (-want +got):\n%s", diff)
	}
	for id, in := range m.Inputs {
		if !inputID.MatchString(id) {
			t.Errorf("input id %q does not match %s", id, inputID)
		}
		if in.Description == "" {
			t.Errorf("input %s needs a description", id)
		}
		if in.Required == nil {
			t.Errorf("input %s: say required: true or false", id)
		}
		if in.Default != nil {
			if _, ok := in.Default.(string); !ok {
				t.Errorf("input %s: default %v must be a string", id, in.Default)
			}
		}
	}
	for id, out := range m.Outputs {
		if !inputID.MatchString(id) || out.Description == "" || out.Value != "" {
			t.Errorf("output %s: needs a valid id and a description, and no value (Docker actions set outputs)", id)
		}
	}
	if m.Branding.Icon == "" || !brandColors[m.Branding.Color] {
		t.Errorf("branding %+v", m.Branding)
	}
}

// The inputs the issue names exist, and action.go reads every declared
// input and nothing undeclared.
func TestActionMetadataMatchesCode(t *testing.T) {
	m, _ := readMetadata(t)
	src, err := os.ReadFile("action.go")
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]bool{}
	for _, mm := range regexp.MustCompile(`\bin\("([a-z-]+)"`).FindAllStringSubmatch(string(src), -1) {
		read[mm[1]] = true
	}
	declared := map[string]bool{}
	for id := range m.Inputs {
		declared[id] = true
	}
	if diff := cmp.Diff(declared, read); diff != "" {
		t.Errorf("inputs declared vs read (-action.yml +action.go):\n%s", diff)
	}
	for _, id := range []string{"api-url", "api-key", "project", "path", "preset", "fail-on", "sarif-file", "wait-timeout", "changed-only"} {
		if !declared[id] {
			t.Errorf("input %s missing", id)
		}
	}
	var outs []string
	for id := range m.Outputs {
		outs = append(outs, id)
	}
	sort.Strings(outs)
	want := []string{"critical", "fixed", "gate-status", "high", "low", "medium", "new", "report-url", "sarif-file", "scan-id", "total", "unchanged"}
	if diff := cmp.Diff(want, outs); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	// Without a default, .bulwark.yml's preset and fail_on apply (then
	// standard and gate): an input default would always win over them.
	for _, id := range []string{"fail-on", "preset"} {
		if d := m.Inputs[id].Default; d != nil {
			t.Errorf("%s default %v: it would override .bulwark.yml", id, d)
		}
	}
}

// The Dockerfile builds exactly as CI's plain go build does, and the
// runtime runs the same binary for serve and action.
func TestDockerfileMatchesCIBuild(t *testing.T) {
	df, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	const build = `CGO_ENABLED=1 go build -trimpath -ldflags="-s -w"`
	d := string(df)
	for _, want := range []string{"FROM golang:1.26-bookworm AS build", "RUN " + build + " -o /out/bulwark .",
		"FROM debian:bookworm-slim", "ca-certificates", `ENTRYPOINT ["/usr/local/bin/bulwark"]`, `CMD ["serve"]`,
		"EXPOSE 8080", "BULWARK_ADDR=:8080", "USER 1001:1001"} {
		if !strings.Contains(d, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	if ci, err := os.ReadFile("../.ci/run"); err == nil && !strings.Contains(string(ci), build) {
		t.Errorf(".ci/run does not build with %q", build)
	}
}
