pragma solidity ^0.5.0;

// The failure arm does something that lasts, leaves, or feeds a value read
// later; or a constant in the condition does not decide it.
contract C71 {
    mapping(address => uint) q1;
    uint q2;

    function f1(address payable a, uint v) public {
        // ok: SOL-UNCHECKED-CALL
        if (!a.send(v)) {
            q1[a] += v;
        }
    }

    function f2(address payable a, uint v) public returns (uint) {
        uint n;
        // ok: SOL-UNCHECKED-CALL
        if (!a.send(v)) {
            n += 1;
        }
        return n;
    }

    function f3(address payable a, uint v) public {
        // ok: SOL-UNCHECKED-CALL
        if (!a.send(v) || 1 > 2) {
            revert();
        }
    }

    function f4(address payable a, uint v) public {
        // ok: SOL-UNCHECKED-CALL
        if (a.send(v)) {
            q2 += 1;
        } else {
            return;
        }
    }

    function f5(address payable a, uint v) public {
        // ok: SOL-UNCHECKED-CALL
        require(a.send(v) && 1 == 1);
    }
}
