package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// detectors is the explicit registry, in the order findings are reported.
var detectors = []scanner.Detector[*Unit]{
	reentrancy{},
	reentrancyLimited{},
	readOnlyReentrancy{},
	uncheckedCall{},
	integerOverflow{},
	unsafeDowncast{},
	divideBeforeMultiply{},
	weakRandomness{},
	timestampDependence{},
	txOrigin{},
	eoaCheck{},
	unprotectedSelfdestruct{},
	controlledDelegatecall{},
	unprotectedUpgrade{},
	unprotectedOwnerWrite{},
	arrayLengthWrite{},
	dosRevertingPayment{},
	dosUnboundedArray{},
	todPayment{},
	frontrunSolution{},
	approveRace{},
	plaintextCommit{},
	shortAddress{},
	uninitializedStorage{},
	arbitrarySend{},
	refundNoDebit{},
	invertedBalanceCheck{},
	uncheckedERC20{},
	shadowedState{},
	signatureReplay{},
	ecrecoverUnchecked{},
	lockedEther{},
}
