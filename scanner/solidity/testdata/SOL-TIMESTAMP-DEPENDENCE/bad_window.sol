pragma solidity ^0.8.0;

contract Window {
    uint256 public start;

    function open() external view returns (bool) {
        // ruleid: SOL-TIMESTAMP-DEPENDENCE
        return block.timestamp >= 1546300800;
    }

    function elapsed() external view returns (bool) {
        // ruleid: SOL-TIMESTAMP-DEPENDENCE
        if (block.timestamp - start > 1 hours) {
            return true;
        }
        return false;
    }
}
