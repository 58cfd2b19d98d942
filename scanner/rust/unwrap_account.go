package rust

// unwrap()/expect() on account data: a program panics when an account's
// data cannot be borrowed or deserialised. The caller controls the
// accounts, so the panic aborts the transaction with no error code (and in
// a CPI it aborts the caller), and the code reads as if the data were
// trusted.
//
// The detector flags .unwrap() and .expect() whose receiver borrows or
// deserialises account data (try_borrow_data, data.borrow, try_from_slice,
// unpack, deserialize, load, load_mut).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type unwrapAccount struct{}

func (unwrapAccount) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-UNWRAP-ACCOUNT-DATA", Title: "unwrap() or expect() on account data",
		Severity: scanner.Low, Confidence: 0.7, Category: "error_handling", CWE: "CWE-248",
		Description: "Account data borrowed or deserialised with unwrap()/expect() panics on malformed or locked " +
			"accounts the caller supplies, instead of returning a program error.",
		Recommendation: "Propagate the error with ? (mapping it to a ProgramError or an Anchor error code).",
		Tier:           scanner.TierDeep,
	}
}

var dataReads = []string{"try_borrow_data", "try_borrow_mut_data", ".data.borrow", "try_from_slice", "unpack", "deserialize", ".load()", ".load_mut()", ".load_init()"}

func (d unwrapAccount) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		for _, c := range fn.Body.Find("call_expression") {
			if name := callName(c); name != "unwrap" && name != "expect" {
				continue
			}
			rcv := receiver(c)
			if rcv == nil {
				continue
			}
			t := rcv.Text()
			for _, r := range dataReads {
				if strings.Contains(t, r) {
					out = append(out, u.finding(id, c, fn.Name))
					break
				}
			}
		}
	}
	return out
}
