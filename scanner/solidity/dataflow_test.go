package solidity_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

func TestTupleSlotsAndDerived(t *testing.T) {
	src := `pragma solidity ^0.8.20;
contract A {
    function f(address feed, uint a) external returns (uint) {
        (, int256 answer, , uint256 updatedAt, ) = IFeed(feed).latestRoundData();
        (uint x, uint y) = (answer2(), a);
        uint z;
        z = uint(answer) * 2;
        uint w = y + 1;
        (x, ) = (z, 1);
        return w + x + updatedAt;
    }
    function answer2() internal pure returns (uint) { return 1; }
}
`
	u := solidity.ParseFile(scanner.File{Path: "a.sol", Content: []byte(src)})
	f := u.Contracts[0].Functions[0]
	var slots []string
	f.Body.Walk(func(n *solidity.Node) bool {
		if n.Kind == "variable_declaration_tuple" && len(slots) == 0 {
			for _, s := range solidity.TupleSlots(n) {
				if s == nil {
					slots = append(slots, "_")
				} else {
					slots = append(slots, s.Child("name").Text())
				}
			}
		}
		return true
	})
	if diff := cmp.Diff([]string{"_", "answer", "_", "updatedAt", "_"}, slots); diff != "" {
		t.Errorf("slots (-want +got):\n%s", diff)
	}
	feedCall := func(n *solidity.Node) bool {
		return n.Kind == "call_expression" && solidity.CalleeName(n) == "latestRoundData"
	}
	got := f.Derived(feedCall)
	// answer and updatedAt from the call; z from answer; x from z through
	// the tuple assignment's first slot. y and w come from the parameter.
	want := map[string]bool{"answer": true, "updatedAt": true, "z": true, "x": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("derived (-want +got):\n%s", diff)
	}
	param := func(n *solidity.Node) bool { return n.Kind == "identifier" && n.Text() == "a" }
	if diff := cmp.Diff(map[string]bool{"y": true, "w": true}, f.Derived(param)); diff != "" {
		t.Errorf("derived from a (-want +got):\n%s", diff)
	}
}
