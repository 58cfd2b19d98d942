pragma solidity ^0.8.19;

// A uint8 counter over a list that grows past 255 entries: the increment
// reverts from then on, and nobody can run the loop again.
contract C246 {
    address[] internal u46;
    mapping(address => uint256) internal s46;

    function join() external {
        u46.push(msg.sender);
    }

    function tick() external {
        // ruleid: SOL-DOS-UNBOUNDED-ARRAY
        for (uint8 i = 0; i < u46.length; i++) {
            s46[u46[i]] += 1;
        }
    }

    function tick2() external {
        uint256 n = u46.length;
        // ruleid: SOL-DOS-UNBOUNDED-ARRAY
        for (uint16 i = 0; i < n; i++) {
            s46[u46[i]] += 2;
        }
    }
}
