pragma solidity ^0.8.19;

// Calls routed to targets the owner allow-lists.
contract C232 {
    address internal o32;
    mapping(address => bool) internal t32;

    constructor() {
        o32 = msg.sender;
    }

    function allow(address t) external {
        require(msg.sender == o32);
        t32[t] = true;
    }

    function f1(address t, bytes calldata d) external returns (bytes memory) {
        require(t32[t], "target");
        // ok: SOL-ARBITRARY-CALL
        (bool ok, bytes memory r) = t.call(d);
        require(ok);
        return r;
    }
}
