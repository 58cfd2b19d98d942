pragma solidity ^0.4.24;

// A game that decides with the block number and also records it in state
// through push: the draw is the predictable use; the record of when the
// bet was made draws nothing, and no draw reads it back.
contract C77 {
    struct S1 {
        uint256 a;
        uint256 b;
        bool c;
    }
    S1[] q1;
    uint256[] q2;

    function g1() public payable {
        // ruleid: SOL-WEAK-RANDOMNESS
        bool w = (block.number % 2) == 0;
        // ok: SOL-WEAK-RANDOMNESS
        q1.push(S1(msg.value, block.number, w));
        if (w) {
            msg.sender.transfer(msg.value * 2);
        }
    }

    function g2(uint256 v) public {
        uint256[] memory m = new uint256[](1);
        m[0] = v;
        // ok: SOL-WEAK-RANDOMNESS
        q2.push(m[0]);
    }
}
