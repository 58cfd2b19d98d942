// Package registry wires every language scanner into one engine; the
// service and the CLI take their engine from here.
package registry

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/cairo"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// Default returns an engine with every language bulwark scans.
func Default() *scanner.Engine {
	return scanner.New(solidity.New(), vyper.New(), cairo.New())
}
