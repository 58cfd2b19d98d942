pragma solidity ^0.8.0;

// A commitment that does not name the committer: anyone who sees a
// commitment can copy it, and the reveal's answer, in a transaction of
// their own sent first.
contract C76 {
    bytes32 q1;
    mapping(bytes32 => bool) q2;

    constructor(bytes32 h) payable {
        q1 = h;
    }

    function f1(bytes32 h) external {
        q2[h] = true;
    }

    function f2(string memory a, string memory s) external {
        // ruleid: SOL-FRONTRUN-SOLUTION
        require(q2[keccak256(abi.encode(a, s))]);
        // ruleid: SOL-FRONTRUN-SOLUTION
        require(keccak256(abi.encode(a)) == q1);
        payable(msg.sender).transfer(address(this).balance);
    }
}
