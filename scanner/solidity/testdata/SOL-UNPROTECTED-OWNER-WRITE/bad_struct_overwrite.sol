pragma solidity ^0.8.0;

// Writing the whole entry, or the checked field itself, changes who passes
// the check.
contract C30 {
    struct S3 {
        address a;
        uint256 b;
    }
    mapping(bytes32 => S3) q1;

    function f1(bytes32 id) external {
        require(q1[id].a == msg.sender);
        payable(msg.sender).transfer(q1[id].b);
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f2(bytes32 id, address n) external {
        q1[id] = S3(n, 0);
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f3(bytes32 id, address n) external {
        q1[id].a = n;
    }
}
