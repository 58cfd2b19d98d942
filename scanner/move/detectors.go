package move

import "github.com/bulwark-sec/bulwark/scanner"

// detectors is the explicit registry, in the order findings are reported.
var detectors = []scanner.Detector[*Unit]{
	sharedNoAuth{},
	capToSender{},
	aptosSigner{},
	signerCapLeak{},
	packageLeak{},
	unboundedLoop{},
	uncheckedCast{},
	divBeforeMul{},
	weakRandomness{},
	bidiControl{},
}
