// Package registry wires every language scanner into one engine; the
// service and the CLI take their engine from here.
package registry

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/cairo"
	"github.com/bulwark-sec/bulwark/scanner/economic"
	"github.com/bulwark-sec/bulwark/scanner/move"
	"github.com/bulwark-sec/bulwark/scanner/rust"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// Default returns an engine with every language bulwark scans. The
// economic scanner's detectors run on the Solidity units.
func Default() *scanner.Engine {
	return scanner.New(solidity.New(economic.Detectors()...), vyper.New(), rust.New(), move.New(), cairo.New())
}
