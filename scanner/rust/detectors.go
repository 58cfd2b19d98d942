package rust

import "github.com/bulwark-sec/bulwark/scanner"

// detectors is the explicit registry, in the order findings are reported.
var detectors = []scanner.Detector[*Unit]{
	missingSigner{},
	missingOwner{},
	dataMatching{},
	arbitraryCPI{},
	pdaBump{},
	closeRevival{},
	dupMut{},
	sysvarUnchecked{},
	reinit{},
	typeCosplay{},
	uncheckedMath{},
	unwrapAccount{},
	cwMissingSender{},
	cwFunds{},
	cwUnboundedRange{},
	cwAddrUnchecked{},
	cwReply{},
	cwUintMath{},
}
