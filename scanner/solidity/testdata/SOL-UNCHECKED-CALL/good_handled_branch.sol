pragma solidity ^0.5.0;

// Each test of the result does something on one of its outcomes.
contract C51 {
    mapping(address => uint256) q1;

    function f1(address payable a) public {
        // ok: SOL-UNCHECKED-CALL
        if (!a.send(1 ether)) {
            revert();
        }
    }

    function f2(address payable a) public {
        uint256 v = q1[a];
        q1[a] = 0;
        // ok: SOL-UNCHECKED-CALL
        if (!a.send(v)) {
            q1[a] = v;
        }
    }

    function f3(address payable a, uint256 v) public {
        // ok: SOL-UNCHECKED-CALL
        if (a.send(v)) {
            q1[a] -= v;
        }
    }
}
