pragma solidity ^0.8.0;

// Commit-reveal: each player commits a hash binding their address to the
// answer and a salt, and the reveal checks that commitment before the
// answer. A copier of the pending reveal has no commitment of their own.
contract C75 {
    struct S1 {
        bytes32 h;
        uint256 t;
    }

    bytes32 q1;
    mapping(address => S1) q2;

    constructor(bytes32 h) payable {
        q1 = h;
    }

    function f1(bytes32 h) external {
        require(q2[msg.sender].t == 0);
        q2[msg.sender] = S1(h, block.number);
    }

    function f2(string memory a, string memory s) external {
        S1 storage c = q2[msg.sender];
        require(c.t != 0 && c.t < block.number);
        bytes32 k = keccak256(abi.encode(msg.sender, a, s));
        require(k == c.h);
        // ok: SOL-FRONTRUN-SOLUTION
        require(keccak256(abi.encode(a)) == q1);
        c.t = 0;
        payable(msg.sender).transfer(address(this).balance);
    }
}
