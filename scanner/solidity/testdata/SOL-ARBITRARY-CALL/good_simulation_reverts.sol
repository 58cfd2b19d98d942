pragma solidity ^0.8.19;

// A simulation entry that reports its result by reverting: every path
// reverts, so the call it makes for the caller is undone with it.
contract C233 {
    mapping(address => uint256) internal held;
    error R33(bool ok, bytes data);

    function simulate(address t, bytes calldata d) external {
        // ok: SOL-ARBITRARY-CALL
        (bool ok, bytes memory r) = t.call(d);
        revert R33(ok, r);
    }

    function simulate2(address t, bytes calldata d) external {
        if (t == address(0)) {
            revert R33(false, "");
        }
        // ok: SOL-ARBITRARY-CALL
        (bool ok, bytes memory r) = t.call(d);
        require(ok, "failed");
        revert R33(true, r);
    }

    function run(address t, bytes calldata d) external {
        if (d.length == 0) {
            revert R33(false, "");
        }
        // ruleid: SOL-ARBITRARY-CALL
        (bool ok, ) = t.call(d);
        require(ok, "failed");
    }
}
