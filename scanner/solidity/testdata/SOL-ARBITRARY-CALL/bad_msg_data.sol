pragma solidity ^0.4.24;

// A fallback forwarding the whole calldata to a caller-named address,
// and a 0.4 call whose selector the caller chooses.
contract C3 {
    address q3;

    function f1(address t) public {
        // ruleid: SOL-ARBITRARY-CALL
        require(t.call(msg.data));
    }

    function f2(address t, bytes4 s, uint256 v) public {
        // ruleid: SOL-ARBITRARY-CALL
        require(t.call(s, v));
    }
}
