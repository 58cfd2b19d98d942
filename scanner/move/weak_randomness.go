package move

// Predictable randomness: the clock, the epoch, the transaction digest or
// a fresh object address reduced modulo n to pick a winner or an outcome.
// Validators and senders know or choose these values before the
// transaction runs.
//
// The detector flags % whose operand reads clock::timestamp_ms, epoch,
// epoch_timestamp_ms, digest, fresh_object_address (Sui) or
// timestamp::now_seconds/now_microseconds, transaction_context hashes
// (Aptos). Known false positives: bucketing by time that is not a draw.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type weakRandomness struct{}

func (weakRandomness) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-WEAK-RANDOMNESS", Title: "Clock or transaction context used as randomness",
		Severity: scanner.Medium, Confidence: 0.6, Category: "randomness", CWE: "CWE-330",
		Description: "A value derived from the clock, the epoch or the transaction context is reduced modulo n, the usual " +
			"shape of a random draw. These values are predictable or chosen by the sender.",
		Recommendation: "Use sui::random (Random, RandomGenerator) or aptos_framework::randomness, from an entry function.",
		Tier:           scanner.TierStandard,
	}
}

var entropySources = []string{"timestamp_ms", "epoch(", "epoch_timestamp_ms", "digest(", "fresh_object_address", "now_seconds", "now_microseconds", "get_transaction_hash", "get_txn_hash"}

func (d weakRandomness) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		for _, f := range m.Funs {
			tainted := map[string]bool{}
			for _, l := range f.Body.Find("let_statement") {
				if e := l.Child("expr"); e != nil && entropy(e.Text()) {
					tainted[strings.TrimPrefix(trimSpaces(l.Child("binds").Text()), "mut")] = true
				}
			}
			for _, b := range f.Body.Find("binary_expression") {
				if binOp(b) != "%" {
					continue
				}
				l := b.Child("lhs").Text()
				if entropy(l) || tainted[trimSpaces(l)] {
					out = append(out, u.finding(id, b, m.Name+"::"+f.Name))
				}
			}
		}
	}
	return out
}

func entropy(s string) bool {
	for _, e := range entropySources {
		if strings.Contains(s, e) {
			return true
		}
	}
	return false
}
