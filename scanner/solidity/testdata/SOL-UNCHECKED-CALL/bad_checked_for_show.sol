pragma solidity ^0.5.0;

// The result is tested, but neither outcome does anything: a failed
// payment is silently dropped.
contract C50 {
    mapping(address => uint256) q1;

    function f1(address payable a) public {
        // ruleid: SOL-UNCHECKED-CALL
        if (!a.send(1 ether)) {
        } else {
        }
    }

    function f2(address payable a, uint256 v) public {
        // ruleid: SOL-UNCHECKED-CALL
        if (a.send(v)) {
            // nothing to do
        }
        q1[a] = 0;
    }

    function f3(address a, bytes memory d) public {
        // ruleid: SOL-UNCHECKED-CALL
        if (!(a.call(d))) {}
    }
}
