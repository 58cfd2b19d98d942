package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// uninitializedStorage: before Solidity 0.5 a local struct, array or
// mapping variable declared without a data location (or with storage) and
// without a value is a storage pointer to slot 0, so writing its fields
// overwrites the first state variables (the owner, a lottery's secret).
//
// Decides: compiler before 0.5; a local declaration of a struct (declared
// in the bundle), array or mapping type with no memory keyword and no
// initial value. Reports the declaration.
//
// Known false positives: none; the code does not compile from 0.5 on.
type uninitializedStorage struct{}

func (uninitializedStorage) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNINIT-STORAGE-POINTER",
		Title:          "Uninitialized storage pointer",
		Severity:       scanner.High,
		Confidence:     0.9,
		Category:       "other",
		CWE:            "CWE-824",
		SWC:            "SWC-109",
		Description:    "A local variable of struct or array type is declared without a data location or value. Before Solidity 0.5 it defaults to a storage pointer at slot 0, so writes to it overwrite the contract's first state variables.",
		Recommendation: "Declare the variable memory (or initialise it from a storage reference explicitly); compile with Solidity >= 0.5.",
		Tier:           scanner.TierQuick,
	}
}

func (d uninitializedStorage) Check(u *Unit) []scanner.Finding {
	if !u.Version.Before(5, 0) {
		return nil
	}
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "variable_declaration_statement" || n.Child("value") != nil {
				return true
			}
			decl := n.FirstKind("variable_declaration")
			// Storage by the compiler's default for a reference-type local
			// without a keyword (LocalLoc), or by the storage keyword
			// itself (0.4 only warns); string and bytes are left out.
			if decl == nil || declaredLoc(decl) != Unknown && declaredLoc(decl) != Storage {
				return true
			}
			if typ := strings.TrimSpace(decl.Child("type").Text()); f.LocalLoc(decl) == Storage && typ != "string" && typ != "bytes" {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return true
		})
	}
	return out
}
