package rust

// Closing an account without clearing it: the program moves all of an
// account's lamports out but leaves its data (and discriminator) intact.
// Within the same transaction the account can be refunded and used again
// with its old state ("revival"), e.g. to claim a reward twice.
//
// The detector flags writes that empty an account's lamports
// (**acc.lamports.borrow_mut() = 0, **acc.try_borrow_mut_lamports()? = 0)
// in a function that never writes acc's data (data.borrow_mut(),
// try_borrow_mut_data, sol_memset, fill, realloc) nor reassigns it to the
// system program (assign). Anchor's close = constraint does all of it and
// is not flagged. Medium, not high: the runtime collects an account left
// without lamports at the end of the transaction, so revival needs a later
// instruction of the same transaction.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type closeRevival struct{}

func (closeRevival) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-CLOSE-REVIVAL", Title: "Account closed without zeroing its data",
		Severity: scanner.Medium, Confidence: 0.7, Category: "logic", CWE: "CWE-672",
		Description: "The account's lamports are drained but its data and discriminator are left in place. Until the " +
			"runtime garbage-collects it at the end of the transaction, the account can be refunded and reused with its " +
			"old state.",
		Recommendation: "Use Anchor's close = constraint, or zero the data (and write a closed discriminator) and assign " +
			"the account to the system program when draining it.",
		Tier: scanner.TierStandard,
	}
}

func (d closeRevival) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		body := fn.Body.Text()
		if !strings.Contains(body, "lamports") {
			continue
		}
		for _, a := range fn.Body.Find("assignment_expression") {
			l := strings.TrimLeft(a.Child("left").Text(), "* ")
			if strings.TrimSpace(a.Child("right").Text()) != "0" {
				continue
			}
			var acc string
			for _, m := range []string{".lamports.borrow_mut()", ".try_borrow_mut_lamports()?", ".try_borrow_mut_lamports()"} {
				if b, ok := strings.CutSuffix(l, m); ok {
					acc = accountBase(b)
				}
			}
			if acc == "" || clearsData(body, acc) {
				continue
			}
			out = append(out, u.finding(id, a, fn.Name))
		}
	}
	return out
}

func clearsData(body, acc string) bool {
	for _, w := range []string{".data.borrow_mut()", ".try_borrow_mut_data()", ".realloc(", ".resize(", ".assign("} {
		if mentions(body, acc+w) || strings.Contains(body, acc+w) {
			return true
		}
	}
	return strings.Contains(body, "sol_memset") || strings.Contains(body, "close(")
}
