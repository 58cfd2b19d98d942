#!/bin/sh
# Wall time of bulwark against solhint's security rules on SmartBugs Curated,
# cold process included, best of three runs each. Skips cleanly without node,
# solhint or the corpus. Usage: sh scanner/bench/solhint.sh [shared-dir]
set -eu

shared=${1:-${BULWARK_SHARED_DIR:-../shared}}
dataset="$shared/bench/smartbugs-curated/dataset"
if [ ! -d "$dataset" ]; then
	echo "solhint comparison skipped: $dataset not found"
	exit 0
fi
if ! command -v node >/dev/null 2>&1 || ! command -v solhint >/dev/null 2>&1; then
	echo "solhint comparison skipped: node or solhint missing (npm install -g solhint)"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/bulwark" .

# solhint's security rule set.
cat >"$tmp/solhint.json" <<'JSON'
{
  "rules": {
    "avoid-call-value": "warn", "avoid-low-level-calls": "warn", "avoid-sha3": "warn",
    "avoid-suicide": "warn", "avoid-throw": "warn", "avoid-tx-origin": "warn",
    "check-send-result": "warn", "compiler-version": "off", "func-visibility": "warn",
    "multiple-sends": "warn", "no-complex-fallback": "warn", "no-inline-assembly": "warn",
    "not-rely-on-block-hash": "warn", "not-rely-on-time": "warn", "reentrancy": "warn",
    "state-visibility": "warn"
  }
}
JSON

best() { # best wall time in seconds of three runs of "$@"
	b=""
	for _ in 1 2 3; do
		s=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || true
		e=$(date +%s.%N)
		t=$(echo "$e - $s" | bc)
		if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
	done
	echo "$b"
}

files=$(find "$dataset" -name '*.sol' | wc -l)
b=$(best "$tmp/bulwark" scan --format json --fail-on none "$dataset")
s=$(best solhint -c "$tmp/solhint.json" "$dataset/**/*.sol")
echo "SmartBugs Curated, $files files, best of 3, cold process, $(nproc) cores:"
printf '  bulwark scan   %6.3f s\n' "$b"
printf '  solhint %s %6.3f s\n' "$(solhint --version)" "$s"
printf '  ratio          %6.1fx faster\n' "$(echo "$s / $b" | bc -l)"
