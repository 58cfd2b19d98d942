# Scanner targets; included from the main Makefile.

.PHONY: bench-accuracy detectors-doc sarif-golden fuzz-scanner bench-scanner

# Recall, precision, noise and speed on ../shared/bench (skips when absent),
# with a cold-process speed comparison against solhint when it is installed.
bench-accuracy:
	go run . bench

# Regenerate docs/DETECTORS.md from the detector registry.
detectors-doc:
	go test ./scanner/rulesdoc -run TestDetectorsDoc -update

# Regenerate the SARIF golden file.
sarif-golden:
	go test ./scanner/sarif -run TestGolden -update

# Short fuzzing runs of the parser entry point and the zip reader.
fuzz-scanner:
	go test ./scanner/solidity -run '^$$' -fuzz FuzzParse -fuzztime 30s
	go test ./scanner/bundle -run '^$$' -fuzz FuzzReadZip -fuzztime 30s
	go test ./scanner/vyper -run '^$$' -fuzz '^FuzzParseVyper$$' -fuzztime 30s
	go test ./scanner/cairo -run '^$$' -fuzz '^FuzzParseCairo$$' -fuzztime 30s

# Go benchmarks of the engine (1,000-line contract).
bench-scanner:
	go test ./scanner/solidity -run '^$$' -bench . -benchmem
