pragma solidity ^0.8.0;

// The caller is checked against q1[id].a; anyone may top up q1[id].b, a
// sibling field the check never reads.
contract C29 {
    struct S2 {
        address a;
        uint256 b;
    }
    mapping(bytes32 => S2) q1;

    function f1(bytes32 id) external {
        require(q1[id].a == msg.sender);
        q1[id].b = 0;
        payable(msg.sender).transfer(1);
    }

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f2(bytes32 id) external payable {
        q1[id].b += msg.value;
    }
}
