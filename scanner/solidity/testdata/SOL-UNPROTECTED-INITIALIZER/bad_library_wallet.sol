pragma solidity ^0.4.24;

// A wallet library: a count-based one-shot in a modifier, the owners
// written by a public function it calls, and a guard that asks a helper
// whether the caller is an owner.
contract C3 {
    uint256 q1;
    mapping(uint256 => uint256) q2;

    modifier m0 {
        if (q1 > 0) throw;
        _;
    }

    modifier m1 {
        if (h1(msg.sender)) _;
    }

    function h1(address a) constant returns (bool) {
        return q2[uint256(a)] > 0;
    }

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function f1(address[] a) m0 public {
        g1(a);
    }

    // ruleid: SOL-UNPROTECTED-INITIALIZER
    function g1(address[] a) m0 public {
        q1 = a.length;
        for (uint256 i = 0; i < a.length; i++) {
            q2[uint256(a[i])] = i + 1;
        }
    }

    function f2(address b) m1 public {
        selfdestruct(b);
    }
}
