// Package registry wires every language of the scanner into one engine.
package registry

import "github.com/bulwark-sec/bulwark/scanner"

// Default returns the engine with every language bulwark supports.
func Default() *scanner.Engine { return scanner.New() }
