// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A multicall delegatecalls the contract's own code: each batched call runs
// one of its functions, with that function's own guards.
contract C90 {
    address q1;
    uint256 q2;

    function f1(uint256 v) external {
        require(msg.sender == q1);
        q2 = v;
    }

    function f2(bytes[] calldata d) external payable returns (bytes[] memory out) {
        out = new bytes[](d.length);
        for (uint256 i = 0; i < d.length; i++) {
            // ok: SOL-CONTROLLED-DELEGATECALL
            (bool ok, bytes memory r) = address(this).delegatecall(d[i]);
            require(ok);
            out[i] = r;
        }
    }
}
