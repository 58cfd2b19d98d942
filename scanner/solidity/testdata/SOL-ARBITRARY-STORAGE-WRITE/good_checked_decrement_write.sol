pragma solidity ^0.5.0;

// The length only shrinks when the array holds something, so indexed
// writes stay inside it. Names are opaque.
contract C32 {
    bytes32[] public q1;

    function f1(bytes32 v) public {
        q1.push(v);
    }

    function f2() public {
        require(q1.length > 0);
        // ok: SOL-ARBITRARY-STORAGE-WRITE
        q1.length--;
    }

    function f3(uint256 i, bytes32 v) public {
        require(i < q1.length);
        // ok: SOL-ARBITRARY-STORAGE-WRITE
        q1[i] = v;
    }
}
