pragma solidity ^0.5.0;

// Anyone can decrement the array's length below zero, after which an
// indexed write at the caller's index reaches every storage slot; the
// bound on the index bounds nothing then. Names are opaque.
contract C31 {
    address public q0;
    bytes32[] public q1;

    constructor() public {
        q0 = msg.sender;
    }

    function f1(bytes32 v) public {
        q1.push(v);
    }

    function f2() public {
        // ruleid: SOL-ARBITRARY-STORAGE-WRITE
        q1.length--;
    }

    function f3(uint256 i, bytes32 v) public {
        require(i < q1.length);
        // ruleid: SOL-ARBITRARY-STORAGE-WRITE
        q1[i] = v;
    }
}
