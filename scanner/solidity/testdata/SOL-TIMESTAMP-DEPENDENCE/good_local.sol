pragma solidity ^0.8.0;

contract Logger {
    event Seen(uint256 at);

    function ping() external {
        // ok: SOL-TIMESTAMP-DEPENDENCE
        uint256 at = block.timestamp;
        emit Seen(at);
    }
}
