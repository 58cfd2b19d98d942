pragma solidity ^0.6.12;

// Through locals, an internal helper and a modifier that checks nothing.
contract C2 {
    uint256 q2;

    modifier m1() {
        q2++;
        _;
    }

    function f1(address[] calldata ts, bytes[] calldata ds) external m1 {
        for (uint256 i = 0; i < ts.length; i++) {
            address t = ts[i];
            bytes memory d = ds[i];
            g1(t, d);
        }
    }

    function g1(address x, bytes memory y) internal {
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = x.call{value: 0}(y);
        require(ok, "failed");
    }

    // The signature string comes from the caller.
    function f2(address t, string calldata sig, uint256 v) external {
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(abi.encodeWithSignature(sig, v));
        require(ok);
    }
}
