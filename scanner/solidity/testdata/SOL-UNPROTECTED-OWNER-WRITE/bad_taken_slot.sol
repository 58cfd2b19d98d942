pragma solidity ^0.8.0;

// The caller takes an entry that may already belong to someone: no
// check that it is unused, no fresh index, nothing paid; or makes itself
// a member of the group that runs the contract.
contract C41 {
    struct R { address a; uint b; }
    mapping(uint256 => R) q1;
    mapping(address => bool) q2;
    uint256 q3;

    modifier m1(uint256 i) {
        require(q1[i].a == msg.sender, "x");
        _;
    }

    modifier m2() {
        require(q2[msg.sender], "y");
        _;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f1(uint256 i) external {
        q1[i].a = msg.sender;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f2() external {
        q2[msg.sender] = true;
    }

    function g1(uint256 i) external m1(i) { payable(msg.sender).transfer(q1[i].b); }
    function g2(uint256 v) external m2 { q3 = v; }
}
