pragma solidity ^0.4.24;

contract Registry {
    address[] entries;

    function register(uint n) public {
        for (uint i = 0; i < n; i++) {
            // ruleid: SOL-DOS-UNBOUNDED-ARRAY
            entries.push(msg.sender);
        }
    }
}
