package vyper

import (
	"fmt"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// compilerBug: the version pragma admits a Vyper compiler with a known
// security bug that the contract's code can trigger.
//
// Decides: the lowest version the pragma admits ("# @version 0.3.0",
// "#pragma version ^0.3.0", ">=0.2.15", ">0.3.10" → above 0.3.10) is in
// the affected range of an advisory below, and the file uses what the
// advisory needs (@nonreentrant, concat, slice, DynArray, …). Reports the
// pragma, naming the advisory. Two rules: the re-entrancy lock bugs
// (critical: they silently disable @nonreentrant, the July 2023 Curve
// exploit) and the other high-severity code-generation bugs (medium).
//
// Sources: the Vyper project's security advisories,
// https://github.com/vyperlang/vyper/security/advisories/<GHSA id>, as
// listed with their introduced/fixed versions in vyperlang/vyper
// docs/bugs.json.
//
// Known false positives: a pragma range whose lowest version is affected
// while the project actually compiles with a fixed one.
type compilerBug struct{ locks bool }

type advisory struct {
	ghsa           string
	summary        string
	introduced     [3]int
	fixed          [3]int // first fixed version; {9,9,9} when unfixed
	uses           func(u *Unit) bool
	reentrancyLock bool
}

var advisories = []advisory{
	{"GHSA-5824-cm3x-3c38", "named re-entrancy locks are allocated per function, so @nonreentrant(key) does not stop cross-function re-entrancy (the July 2023 Curve exploit)",
		[3]int{0, 2, 15}, [3]int{0, 3, 1}, usesNonreentrant, true},
	{"GHSA-7f92-rr6w-cq64", "re-entrancy lock slots are allocated over storage variables, so locking corrupts storage",
		[3]int{0, 2, 13}, [3]int{0, 2, 15}, usesNonreentrant, true},
	{"GHSA-3hg2-r75x-g69m", "@nonreentrant('') (empty key) emits no re-entrancy check",
		[3]int{0, 2, 9}, [3]int{0, 3, 10}, usesEmptyLock, true},
	{"GHSA-xv8x-pr4h-73jv", "a function call inside a literal struct corrupts memory",
		[3]int{0, 1, 0}, [3]int{0, 3, 0}, always, false},
	{"GHSA-j2x6-9323-fp7h", "external call return values are not clamped in some complex expressions",
		[3]int{0, 1, 0}, [3]int{0, 3, 2}, always, false},
	{"GHSA-3p37-3636-q8wv", "assigning a DynArray to itself can access out of bounds",
		[3]int{0, 1, 0}, [3]int{0, 3, 8}, uses("DynArray"), false},
	{"GHSA-ph9x-4vc9-m39g", "internal calls with more than one default argument fill the defaults in the wrong order",
		[3]int{0, 1, 0}, [3]int{0, 3, 8}, always, false},
	{"GHSA-6m97-7527-mh74", "contracts with large arrays get an incorrect (overlapping) storage layout",
		[3]int{0, 1, 0}, [3]int{0, 3, 8}, always, false},
	{"GHSA-2q8v-3gqq-4f8p", "concat can overwrite valid memory",
		[3]int{0, 3, 0}, [3]int{0, 4, 0}, uses("concat"), false},
	{"GHSA-9x7f-gwxq-6f2c", "the slice bounds check overflows for non-literal start and length",
		[3]int{0, 1, 0}, [3]int{0, 4, 0}, uses("slice"), false},
}

func always(*Unit) bool { return true }

func usesNonreentrant(u *Unit) bool {
	for _, f := range u.Functions {
		for _, d := range f.Decorators {
			if d == "nonreentrant" {
				return true
			}
		}
	}
	return false
}

func usesEmptyLock(u *Unit) bool {
	for _, f := range u.Functions {
		for _, d := range f.Node.ChildrenOf("decorator") {
			if e := d.Kids()[0]; e.Kind == "call" && callee(e) == "nonreentrant" {
				if a := args(e); len(a) == 1 && (a[0].Text() == `""` || a[0].Text() == `''`) {
					return true
				}
			}
		}
	}
	return false
}

func uses(name string) func(*Unit) bool {
	return func(u *Unit) bool {
		found := false
		u.Tree.Walk(func(n *syntax.Node) bool {
			if n.Kind == "identifier" && n.Text() == name {
				found = true
			}
			return !found
		})
		return found
	}
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func (d compilerBug) Meta() scanner.Rule {
	if d.locks {
		return scanner.Rule{
			ID:             "VY-COMPILER-REENTRANCY-LOCK",
			Title:          "Compiler version with broken re-entrancy locks",
			Severity:       scanner.Critical,
			Confidence:     0.9,
			Category:       "compiler_bug",
			CWE:            "CWE-1329",
			Description:    "The version pragma admits a Vyper compiler whose @nonreentrant locks do not work as written (GHSA-5824-cm3x-3c38 in 0.2.15, 0.2.16 and 0.3.0, behind the July 2023 Curve pool exploits; GHSA-7f92-rr6w-cq64; GHSA-3hg2-r75x-g69m), and the contract relies on @nonreentrant.",
			Recommendation: "Compile with a fixed release (0.3.10 or later, ideally the latest 0.4.x) and pin it in the pragma; redeploy contracts built with an affected compiler.",
			Tier:           scanner.TierQuick,
		}
	}
	return scanner.Rule{
		ID:             "VY-COMPILER-BUG",
		Title:          "Compiler version with a known code-generation bug",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       "compiler_bug",
		CWE:            "CWE-1329",
		Description:    "The version pragma admits a Vyper compiler with a high-severity security advisory (memory or storage corruption, wrong evaluation order) that the contract's code can trigger.",
		Recommendation: "Compile with a release that fixes the advisory and pin it in the pragma.",
		Tier:           scanner.TierStandard,
	}
}

func (d compilerBug) Check(u *Unit) []scanner.Finding {
	p := u.Pragma
	if p == nil || strings.HasSuffix(u.Path, ".vyi") {
		return nil
	}
	v := [3]int{p.Major, p.Minor, p.Patch}
	if strings.HasPrefix(strings.TrimSpace(p.Text), ">") && !strings.HasPrefix(strings.TrimSpace(p.Text), ">=") {
		v[2]++ // ">0.3.10": above it
	}
	var ids []string
	for _, a := range advisories {
		if a.reentrancyLock != d.locks || less(v, a.introduced) || !less(v, a.fixed) || !a.uses(u) {
			continue
		}
		ids = append(ids, a.ghsa+" ("+a.summary+")")
	}
	if len(ids) == 0 {
		return nil
	}
	n := &syntax.Node{Line: p.Line, EndLine: p.Line}
	fd := u.finding(d.Meta().ID, n, nil)
	fd.Snippet = ""
	fd.Fingerprint = ""
	fd.Description = fmt.Sprintf("%s Version %d.%d.%d is affected by: %s.", d.Meta().Description, v[0], v[1], v[2], strings.Join(ids, "; "))
	return []scanner.Finding{fd}
}
