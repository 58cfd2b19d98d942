// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {I7} from "./I7.sol";

// The same feed read by its shape, its answer and update time checked;
// and a call returning five values of other types, which is no feed.
contract C84 {
    I7 public immutable q1;
    uint256 public immutable q2;

    constructor(I7 f, uint256 h) {
        q1 = f;
        q2 = h;
    }

    function f1(uint256 a) external view returns (uint256) {
        // ok: ECON-ORACLE-STALE-PRICE
        (, int256 p, , uint256 t, ) = q1.g1();
        require(p > 0 && block.timestamp - t <= q2);
        return (a * uint256(p)) / 1e8;
    }

    function f2() external view returns (uint256) {
        // ok: ECON-ORACLE-STALE-PRICE
        (uint256 x, uint256 y, , , ) = q1.g2();
        return x + y;
    }
}
