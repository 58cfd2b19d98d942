pragma solidity ^0.8.0;

contract Registry {
    address[] public entries;

    function register() external {
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        entries.push(msg.sender);
    }
}
