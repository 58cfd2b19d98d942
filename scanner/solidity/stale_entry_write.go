package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// staleEntryWrite: two entries of one mapping are read into locals, then
// both written back from those copies. When the two keys are equal (a
// transfer to oneself), the second write overwrites the first with a
// value computed from the stale copy: the debit is lost and the balance
// grows.
//
// Decides: in one function, locals a = M[k1]… and b = M[k2]… (same state
// variable and access path, different key expressions), then M[k1]… is
// assigned a value computed from a and M[k2]… a value computed from b,
// with no guard on the writes that the keys differ (k1 != k2 holding, or
// k1 == k2 reverting), and the second copy taken before the first
// write-back (a copy read after it sees the write). Names play no part.
// Reports the second write.
//
// Known false positives: keys that can never be equal for reasons the
// guards do not show (distinct roles checked elsewhere).
type staleEntryWrite struct{}

func (staleEntryWrite) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-STALE-ENTRY-WRITE",
		Title:          "Mapping entries written back from stale copies (self-transfer)",
		Severity:       scanner.High,
		Confidence:     0.75,
		Category:       "arithmetic",
		CWE:            "CWE-367",
		Description:    "The function copies two entries of the same mapping into locals, then writes both back from the copies. When both keys are the same account, the second write is computed from a copy taken before the first write and overwrites it: a transfer to oneself credits the amount without debiting it.",
		Recommendation: "Update each entry in place (m[from] -= a; m[to] += a;), or require the two keys to differ before writing.",
		Tier:           scanner.TierStandard,
	}
}

type entryCopy struct {
	path, key string
}

func (d staleEntryWrite) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Contract.Kind == "interface" {
			continue
		}
		// Two entries written back are needed: skip the data-flow work
		// for functions without two keyed assignments.
		keyed := 0
		for _, w := range f.StateWrites() {
			if w.Node.Kind == "assignment_expression" && entryKey(w.Node.Child("left")) != nil {
				keyed++
			}
		}
		if keyed < 2 {
			continue
		}
		locals := f.Locals()
		// copies: local name -> the entry it was read from.
		copies := map[string]entryCopy{}
		for _, ds := range f.Defs() {
			for _, def := range ds {
				if def.Value == nil || !locals[def.Name] {
					continue
				}
				if e, ok := stateEntry(f, def.Value); ok {
					copies[def.Name] = e
				}
			}
		}
		if len(copies) < 2 {
			continue
		}
		type wb struct {
			n    *Node
			key  *Node
			e    entryCopy
			uses []*Node // the copies the written value reads
		}
		var writes []wb
		for _, w := range f.StateWrites() {
			if w.Node.Kind != "assignment_expression" {
				continue
			}
			l, r := w.Node.Child("left"), w.Node.Child("right")
			e, ok := stateEntry(f, l)
			if !ok || r == nil {
				continue
			}
			var uses []*Node
			r.Walk(func(x *Node) bool {
				if x.Kind == "identifier" && copies[x.Text()] == e {
					uses = append(uses, x)
				}
				return true
			})
			if len(uses) > 0 {
				writes = append(writes, wb{w.Node, entryKey(l), e, uses})
			}
		}
		for i, a := range writes {
			for _, b := range writes[i+1:] {
				if a.e.path != b.e.path || a.e.key == b.e.key || keysDiffer(f, b.n, a.key, b.key) {
					continue
				}
				// A copy taken after the first write-back sees it (old =
				// m[from]; m[from] = old - v; old2 = m[to]; m[to] = old2 +
				// v is right for from == to): only a copy from before it
				// is stale.
				if copiedAfter(f, b.uses, a.n) {
					continue
				}
				out = append(out, u.finding(d.Meta().ID, b.n, scope(f)))
			}
		}
	}
	return out
}

// stateEntry returns the access path and key of n when n reads an entry
// of a state mapping or array (m[k], m[k].f), keyed by an expression.
func stateEntry(f *Function, n *Node) (entryCopy, bool) {
	n = unwrapConversion(n)
	root := lvalueRoot(n)
	k := entryKey(n)
	if root == nil || k == nil || !f.IsState(root.Text(), f.Locals()) {
		return entryCopy{}, false
	}
	return entryCopy{accessPath(n), norm(k.Text())}, true
}

// entryKey returns the index of the access nearest the root (k in m[k].f).
func entryKey(n *Node) *Node {
	if e := rootEntry(n); e != nil {
		return e.Child("index")
	}
	return nil
}

// rootEntry returns the index access nearest the root of an access path
// (m[k] in m[k].f[0]), or nil.
func rootEntry(n *Node) *Node {
	if es := entries(n); len(es) > 0 {
		return es[len(es)-1]
	}
	return nil
}

// keysDiffer reports whether a guard of n establishes that keys a and b
// differ: a != b holds or a == b fails.
func keysDiffer(f *Function, n, a, b *Node) bool {
	if a == nil || b == nil {
		return false
	}
	ka, kb := norm(a.Text()), norm(b.Text())
	for _, c := range f.KnownComparisons(n) {
		l, r := norm(c.Left.Text()), norm(c.Right.Text())
		if !c.Equal && (l == ka && r == kb || l == kb && r == ka) {
			return true
		}
	}
	return false
}

// copiedAfter reports whether every definition of the copies uses reads
// that reaches them was made after the write w in the source.
func copiedAfter(f *Function, uses []*Node, w *Node) bool {
	r := f.Reaching()
	for _, u := range uses {
		ds := r.At(u)
		if len(ds) == 0 {
			return false
		}
		for _, d := range ds {
			if d.Node == nil || d.Node.Start < w.End {
				return false
			}
		}
	}
	return true
}
