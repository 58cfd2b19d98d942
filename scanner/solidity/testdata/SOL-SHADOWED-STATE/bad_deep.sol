pragma solidity ^0.5.0;

contract A {
    uint256 internal fee;
}

contract B is A {
}

contract C is B {
    // ruleid: SOL-SHADOWED-STATE
    uint256 fee = 10;
}
