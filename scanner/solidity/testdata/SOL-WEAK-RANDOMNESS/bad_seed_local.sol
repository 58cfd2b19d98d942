pragma solidity ^0.8.0;

// Block values summed into a local, then reduced: a predictable draw.
contract C120 {
    address[] q1;

    function f1() external {
        // ruleid: SOL-WEAK-RANDOMNESS
        uint256 s = block.timestamp + block.prevrandao;
        uint256 t = s * 7;
        address w = q1[t % q1.length];
        payable(w).transfer(address(this).balance);
    }
}
