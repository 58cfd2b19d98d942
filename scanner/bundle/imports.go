package bundle

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// importSpec matches the path of a Solidity import directive: import
// "p"; import "p" as X; import {A, B} from "p"; import * as X from "p".
var importSpec = regexp.MustCompile(`(?m)^[ \t]*import\s+(?:[^"';]*?\s+from\s+)?["']([^"'\r\n]+)["']`)

// commented returns, for each byte of src, whether it sits in a comment
// (strings are skipped, so "//" in a path is no comment).
func commented(src []byte) []bool {
	in := make([]bool, len(src))
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '"' || c == '\'':
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for ; i < len(src) && src[i] != '\n'; i++ {
				in[i] = true
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			start := i
			for ; i < len(src); i++ {
				in[i] = true
				if i >= start+3 && src[i-1] == '*' && src[i] == '/' {
					break // the "*/" after the opening "/*"
				}
			}
		}
	}
	return in
}

// relativeImports returns the relative import paths of Solidity source
// src (those starting with ./ or ../), as written; imports inside
// comments are not read.
func relativeImports(src []byte) []string {
	var out []string
	var in []bool
	for _, m := range importSpec.FindAllSubmatchIndex(src, -1) {
		spec := string(src[m[2]:m[3]])
		if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
			continue
		}
		if in == nil {
			in = commented(src)
		}
		// The keyword itself must be code.
		k := m[0]
		for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r') {
			k++
		}
		if k < len(src) && !in[k] {
			out = append(out, spec)
		}
	}
	return out
}

// source is a file on disk, by absolute or local path, and its content.
type source struct {
	path string
	src  []byte
}

// imports reads, as context, the Solidity files that the named files
// import by relative path, and those they import in turn, once each,
// under the load's limits. A file already read (named, or found in a
// folder argument) stays what it is; an import that does not resolve to
// a readable .sol text file within the file limit is left alone, without
// a notice (the compiler would say so, and the scan goes on without its
// definitions).
func (l *loader) imports(named []source) error {
	queue := make([]source, 0, len(named))
	done := map[string]bool{}
	for _, f := range named {
		if strings.EqualFold(filepath.Ext(f.path), ".sol") {
			if abs, err := filepath.Abs(f.path); err == nil {
				queue = append(queue, source{abs, f.src})
				done[abs] = true
			}
		}
	}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, spec := range relativeImports(f.src) {
			dep := filepath.Join(filepath.Dir(f.path), filepath.FromSlash(spec))
			if done[dep] || !strings.EqualFold(filepath.Ext(dep), ".sol") {
				continue
			}
			done[dep] = true
			st, err := os.Stat(dep)
			if err != nil || !st.Mode().IsRegular() || st.Size() > l.lim.MaxFileBytes {
				continue
			}
			name, _, err := l.name(dep, dep, false)
			if err != nil || l.seen[name] {
				continue
			}
			b, err := os.ReadFile(dep)
			if err != nil || !isText(b) {
				continue
			}
			if err := l.addContext(name, b); err != nil {
				return err
			}
			queue = append(queue, source{dep, b})
		}
	}
	return nil
}
