package bundle

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/pelletier/go-toml/v2"
	"gopkg.in/yaml.v3"
)

// Without a .bulwark.yml, a project's framework says where its
// dependencies, build output, tests and scripts live. A framework is
// recognised by its file in a folder (the root, or any folder below it: a
// repository may hold several Move or Anchor packages, or a Foundry
// project in packages/contracts), and its folders are then relative to
// that folder. Its sources are what remains (the README's table names
// where each keeps them).

// framework is one project layout bulwark knows.
type framework struct {
	name    string
	markers []string // any of these files in a folder makes it a project
	// deps are folders of others' code: installed packages, and build
	// output that holds copies of dependency sources.
	deps []string
	// tests are folders of tests, scripts and deployments.
	tests []string
	// settings reads the folders its configuration file moves; nil when
	// the defaults are all there is.
	settings func(b []byte) (deps, tests []string, err error)
	// member is set for a file every member of a workspace has (Cargo.toml
	// in each Anchor program): it makes a project but not a repository root.
	member bool
}

// frameworks are the layouts recognised, by their documented defaults.
var frameworks = []framework{
	{name: "Foundry", markers: []string{"foundry.toml"},
		deps: []string{"lib", "dependencies"}, tests: []string{"test", "script"}, settings: foundrySettings},
	{name: "Hardhat", markers: []string{"hardhat.config.js", "hardhat.config.ts", "hardhat.config.cjs", "hardhat.config.mjs"},
		deps: []string{"node_modules"}, tests: []string{"test", "scripts", "ignition"}},
	{name: "Truffle", markers: []string{"truffle-config.js", "truffle.js"},
		deps: []string{"node_modules", "installed_contracts"}, tests: []string{"test", "migrations"}},
	{name: "Ape", markers: []string{"ape-config.yaml", "ape-config.yml"},
		deps: []string{".build", "contracts/.cache"}, tests: []string{"tests", "scripts"}},
	{name: "Brownie", markers: []string{"brownie-config.yaml", "brownie-config.yml"},
		deps: []string{"build"}, tests: []string{"tests", "scripts"}, settings: brownieSettings},
	{name: "Anchor", markers: []string{"Anchor.toml"},
		deps: []string{"target", "node_modules"}, tests: []string{"tests", "migrations"}},
	{name: "Scarb", markers: []string{"Scarb.toml"},
		deps: []string{"target"}, tests: []string{"tests"}},
	{name: "Move", markers: []string{"Move.toml"},
		deps: []string{"build"}, tests: []string{"tests", "scripts"}},
	{name: "Cargo (CosmWasm, Solana)", markers: []string{"Cargo.toml"},
		deps: []string{"target"}, tests: []string{"tests", "benches"}, member: true},
}

// frameworkMarkers are every framework's files.
var frameworkMarkers = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range frameworks {
		for _, name := range f.markers {
			m[name] = true
		}
	}
	return m
}()

// recogniseIn is recognise for a folder being walked, whose entries are
// known: only the marker files present are read.
func (r *rules) recogniseIn(t tree, dir, name string, entries []entry) error {
	found := map[string]bool{}
	for _, e := range entries {
		if !e.dir && frameworkMarkers[e.name] {
			found[e.name] = true
		}
	}
	if len(found) == 0 {
		return nil
	}
	return r.recognise(name, func(m string) ([]byte, error) {
		if !found[m] {
			return nil, fs.ErrNotExist
		}
		return t.read(path.Join(dir, m))
	})
}

// recognise adds the folders of the frameworks whose file sits in folder
// dir (slash path relative to the root, "" for the root) to the rules.
// read returns a file of dir by name, fs.ErrNotExist when absent. A
// configuration that does not parse stops the load at the root only.
func (r *rules) recognise(dir string, read func(name string) ([]byte, error)) error {
	for _, f := range frameworks {
		for _, m := range f.markers {
			b, err := read(m)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return fmt.Errorf("read %s: %w", path.Join(dir, m), err)
			}
			deps, tests := f.deps, f.tests
			if f.settings != nil {
				d, t, err := f.settings(b)
				switch {
				case err != nil && dir == "":
					return fmt.Errorf("%s (%s): %w", m, f.name, err)
				case err == nil:
					// A project below the root with a file its tools may
					// read differently (a dependency's) keeps the defaults.
					deps, tests = append(append([]string{}, deps...), d...), append(append([]string{}, tests...), t...)
				}
			}
			for _, d := range deps {
				r.deps[path.Join(dir, cleanDir(d))] = true
			}
			for _, t := range tests {
				r.tests[path.Join(dir, cleanDir(t))] = true
			}
			break
		}
	}
	return nil
}

// foundryProfile is what a selection reads of foundry.toml.
type foundryProfile struct {
	Profile struct {
		Default struct {
			Src    string   `toml:"src"`
			Test   string   `toml:"test"`
			Script string   `toml:"script"`
			Libs   []string `toml:"libs"`
		} `toml:"default"`
	} `toml:"profile"`
}

// foundrySettings reads foundry.toml's default profile: libs, test and
// script.
func foundrySettings(b []byte) (deps, tests []string, err error) {
	var fp foundryProfile
	if err := toml.Unmarshal(b, &fp); err != nil {
		return nil, nil, err
	}
	d := fp.Profile.Default
	for _, t := range []string{d.Test, d.Script} {
		if t != "" {
			tests = append(tests, t)
		}
	}
	return d.Libs, tests, nil
}

// brownieSettings reads brownie-config.yaml's project_structure: tests,
// scripts and build.
func brownieSettings(b []byte) (deps, tests []string, err error) {
	var c struct {
		ProjectStructure struct {
			Tests   string `yaml:"tests"`
			Scripts string `yaml:"scripts"`
			Build   string `yaml:"build"`
		} `yaml:"project_structure"`
	}
	if err := yaml.Unmarshal(b, &c); err != nil {
		return nil, nil, err
	}
	ps := c.ProjectStructure
	for _, t := range []string{ps.Tests, ps.Scripts} {
		if t != "" {
			tests = append(tests, t)
		}
	}
	if ps.Build != "" {
		deps = append(deps, ps.Build)
	}
	return deps, tests, nil
}
