pragma solidity ^0.8.0;

contract Vesting {
    uint256 public unlockTime;

    function lock(uint256 duration) external {
        // ok: SOL-TIMESTAMP-DEPENDENCE
        unlockTime = block.timestamp + duration;
    }

    function withdraw() external view {
        // ok: SOL-TIMESTAMP-DEPENDENCE
        require(block.timestamp > unlockTime);
    }
}
