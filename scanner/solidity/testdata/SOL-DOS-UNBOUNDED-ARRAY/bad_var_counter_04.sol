pragma solidity ^0.4.24;

// var i = 0 is a uint8 before 0.5: past 255 entries it wraps to 0 and the
// loop runs until the gas runs out.
contract C248 {
    address[] internal u48;

    function join() public {
        u48.push(msg.sender);
    }

    function count() public view returns (uint256 n) {
        // ruleid: SOL-DOS-UNBOUNDED-ARRAY
        for (var i = 0; i < u48.length; i++) {
            n++;
        }
    }
}
