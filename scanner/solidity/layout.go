package solidity

import (
	"regexp"
	"strconv"
	"strings"
)

// Slot is where a state variable lives in storage: its slot, its byte
// offset in that slot and its size in bytes (32 for a variable taking
// whole slots).
type Slot struct{ Index, Offset, Size int }

// Overlaps reports whether s and t share bytes of storage.
func (s Slot) Overlaps(t Slot) bool {
	return s.Index == t.Index && s.Offset < t.Offset+t.Size && t.Offset < s.Offset+s.Size
}

// Layout returns where c's state variables live, as solc lays them out:
// the most basic contract's first (the C3 linearisation reversed), each
// in declaration order, value types smaller than a slot packed into the
// current slot while they fit, everything else starting a fresh slot.
// Constants and immutables take none. The layout stops before the first
// variable whose size it cannot tell (a struct or a fixed-size array,
// which may take several slots): what follows is left out.
func (c *Contract) Layout() map[*StateVar]Slot {
	out := map[*StateVar]Slot{}
	lin := c.Linearization()
	slot, off := 0, 0
	for i := len(lin) - 1; i >= 0; i-- {
		for _, v := range lin[i].StateVars {
			if v.Constant {
				continue
			}
			size, whole, ok := c.storageSize(v.Type)
			if !ok {
				return out
			}
			if whole || off+size > 32 {
				if off > 0 {
					slot++
				}
				off = 0
			}
			out[v] = Slot{Index: slot, Offset: off, Size: size}
			if whole {
				slot++
				off = 0
			} else {
				off += size
			}
		}
	}
	return out
}

var sizedType = regexp.MustCompile(`^(u?int|bytes)(\d+)$`)

// storageSize returns the bytes a state variable of type typ takes and
// whether it takes whole slots of its own (one, for a mapping, a dynamic
// array, string, bytes or a full-width value); ok is false when the
// size cannot be told here (a struct, a fixed-size array).
func (c *Contract) storageSize(typ string) (size int, whole, ok bool) {
	typ = strings.TrimSpace(typ)
	switch {
	case strings.HasPrefix(typ, "mapping"), strings.HasSuffix(typ, "[]"), typ == "string", typ == "bytes":
		return 32, true, true
	case strings.HasSuffix(typ, "]"):
		return 0, false, false
	case typ == "address" || typ == "address payable":
		return 20, false, true
	case typ == "bool" || typ == "byte":
		return 1, false, true
	case typ == "uint" || typ == "int":
		return 32, true, true
	}
	if m := sizedType.FindStringSubmatch(typ); m != nil {
		n, _ := strconv.Atoi(m[2])
		if m[1] != "bytes" {
			n /= 8
		}
		if n <= 0 || n > 32 {
			return 0, false, false
		}
		return n, n == 32, true
	}
	if t := c.Unit.lookup(typ); t != nil && (t.Kind == "contract" || t.Kind == "interface") {
		return 20, false, true
	}
	return 0, false, false
}
