pragma solidity ^0.8.19;

// The list can never hold more than 255 entries, and a loop to a fixed
// count: a uint8 counter holds every index.
contract C247 {
    address[] internal u47;
    mapping(address => uint256) internal s47;

    function join() external {
        u47.push(msg.sender);
        require(u47.length < 256, "full");
    }

    function tick() external {
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        for (uint8 i = 0; i < u47.length; i++) {
            s47[u47[i]] += 1;
        }
    }

    function ten() external {
        // ok: SOL-DOS-UNBOUNDED-ARRAY
        for (uint8 i = 0; i < 10; i++) {
            s47[msg.sender] += i;
        }
    }
}
