package core

// OnScanFinished exposes the scan pipeline's hook to core's external tests.
var OnScanFinished = (*Service).onScanFinished
