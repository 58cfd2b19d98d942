pragma solidity ^0.8.0;

// Block numbers kept as bookkeeping; the only modulo reduces a counter.
contract C121 {
    mapping(address => uint256) q1;
    uint256 q2;
    address[] q3;

    function f1() external {
        // ok: SOL-WEAK-RANDOMNESS
        require(block.number > q1[msg.sender], "wait");
        // ok: SOL-WEAK-RANDOMNESS
        q1[msg.sender] = block.number;
        q2 += 1;
        address w = q3[q2 % q3.length];
        payable(w).transfer(1 wei);
    }
}
