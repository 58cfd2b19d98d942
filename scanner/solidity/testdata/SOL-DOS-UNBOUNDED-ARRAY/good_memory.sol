pragma solidity ^0.8.0;

contract Batch {
    uint256[] public values;

    constructor() {
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        values = new uint256[](0);
    }

    function sum(uint256 n) external pure returns (uint256 s) {
        uint256[] memory tmp = new uint256[](n);
        for (uint256 i = 0; i < n; i++) {
            s += tmp[i];
        }
    }
}
