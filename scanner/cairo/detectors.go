package cairo

import "github.com/bulwark-sec/bulwark/scanner"

// detectors is the explicit registry, in the order findings are reported.
var detectors = []scanner.Detector[*Unit]{
	unprotectedWrite{},
	unprotectedUpgrade{},
	l1HandlerFrom{},
	reentrancy{},
	unprotectedInitializer{},
	feltArithmetic{},
	uncheckedDeploy{},
	weakRandomness{},
	bidiControl{},
}
