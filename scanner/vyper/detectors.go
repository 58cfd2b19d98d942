package vyper

import "github.com/bulwark-sec/bulwark/scanner"

// detectors is the explicit registry, in the order findings are reported.
var detectors = []scanner.Detector[*Unit]{
	reentrancy{},
	compilerBug{locks: true},
	compilerBug{},
	uncheckedRawCall{},
	unprotectedWrite{},
	unprotectedSelfdestruct{},
	weakRandomness{},
	sendInLoop{},
	arbitrarySend{},
	uncheckedERC20{},
	erc20DefaultReturn{},
	divideBeforeMultiply{},
	bidiControl{},
}
