pragma solidity ^0.8.0;

contract Base {
    uint256 internal fee;
}

contract Child is Base {
    // ok: SOL-SHADOWED-STATE
    uint256 internal childFee;
}
