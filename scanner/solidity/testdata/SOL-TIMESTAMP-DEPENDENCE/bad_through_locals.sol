pragma solidity ^0.8.0;

// The timestamp reaches the decision through a local, an elapsed-time
// local, or an internal function that returns it.
contract C90 {
    uint256 q1;
    address q2;

    function g1() internal view returns (uint64) {
        return uint64(block.timestamp);
    }

    function f1() external {
        uint256 t = block.timestamp;
        uint256 u = t;
        // ruleid: SOL-TIMESTAMP-DEPENDENCE
        if (u % 15 == 0) {
            q2 = msg.sender;
        }
    }

    function f2() external {
        uint256 e = block.timestamp - q1;
        // ruleid: SOL-TIMESTAMP-DEPENDENCE
        require(e < 30, "late");
        q2 = msg.sender;
    }

    function f3() external {
        // ruleid: SOL-TIMESTAMP-DEPENDENCE
        if (g1() % 2 == 1) {
            q2 = msg.sender;
        }
    }
}
