package move

// Narrowing cast of a wider value: (x as u64) where x is a u128/u256 (a
// variable of that type or an expression computed with as u128/as u256).
// Move aborts when the value does not fit, so a large enough input makes
// the function (and whatever calls it: a swap, a liquidation) fail.
//
// The detector flags such casts unless the function compares the
// narrowed variable first (assert! or if mentioning it). Known false
// positives: mul-div computations whose result is bounded by construction.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type uncheckedCast struct{}

func (uncheckedCast) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-UNCHECKED-CAST", Title: "Narrowing cast of a wider integer without a bound check",
		Severity: scanner.Low, Confidence: 0.5, Category: "arithmetic", CWE: "CWE-681",
		Description: "A u128/u256 value is cast to a narrower type without checking that it fits. Move aborts on an " +
			"overflowing cast, so inputs that make the value large block the function.",
		Recommendation: "Assert the value is at most the target type's maximum (with a clear error code) before casting, " +
			"or keep the wider type.",
		Tier: scanner.TierDeep,
	}
}

var narrow = map[string]bool{"u8": true, "u16": true, "u32": true, "u64": true}

func (d uncheckedCast) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		for _, f := range m.Funs {
			wide := map[string]bool{}
			for _, p := range f.Params {
				if t := trimSpaces(p.Type); t == "u128" || t == "u256" {
					wide[p.Name] = true
				}
			}
			for _, l := range f.Body.Find("let_statement") {
				name := strings.TrimPrefix(trimSpaces(l.Child("binds").Text()), "mut")
				if ty := l.Child("type"); ty != nil && (trimSpaces(ty.Text()) == "u128" || trimSpaces(ty.Text()) == "u256") {
					wide[name] = true
				}
				if e := l.Child("expr"); e != nil && (strings.Contains(e.Text(), "as u128") || strings.Contains(e.Text(), "as u256")) && !castsNarrow(e) {
					wide[name] = true
				}
			}
			guards := guardTexts(f.Body)
			for _, c := range f.Body.Find("cast_expression") {
				if !narrow[trimSpaces(c.Child("ty").Text())] {
					continue
				}
				e := unparen(c.Child("expr"))
				t := trimSpaces(e.Text())
				switch {
				case wide[t]:
					if strings.Contains(guards, t) {
						continue
					}
				case e.Kind == "binary_expression" && (strings.Contains(t, "asu128") || strings.Contains(t, "asu256")):
				default:
					continue
				}
				out = append(out, u.finding(id, c, m.Name+"::"+f.Name))
			}
		}
	}
	return out
}

// castsNarrow reports an expression that is itself a narrowing cast.
func castsNarrow(e *Node) bool {
	e = unparen(e)
	return e.Kind == "cast_expression" && narrow[trimSpaces(e.Child("ty").Text())]
}

// guardTexts joins the conditions of assert! calls and ifs of a body, without spaces.
func guardTexts(body *Node) string {
	var b strings.Builder
	body.Walk(func(n *Node) bool {
		switch n.Kind {
		case "macro_call_expression":
			b.WriteString(trimSpaces(n.Text()))
		case "if_expression":
			if c := n.Child("eb"); c != nil {
				b.WriteString(trimSpaces(c.Text()))
			} else if len(n.Children) > 1 {
				b.WriteString(trimSpaces(n.Children[1].Text()))
			}
		}
		b.WriteByte(' ')
		return true
	})
	return b.String()
}
