// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {I7} from "./I7.sol";

// A price feed known only by the shape of what it returns, its interface
// imported from outside the scan under a name of its own: five slots
// typed as a round's data, the signed answer used as it is.
contract C83 {
    I7 public immutable q1;

    constructor(I7 f) {
        q1 = f;
    }

    function f1(uint256 a) external view returns (uint256) {
        // ruleid: ECON-ORACLE-STALE-PRICE
        (, int256 p, , , ) = q1.g1();
        return (a * uint256(p)) / 1e8;
    }
}
