pragma solidity ^0.8.0;

// Locals holding the timestamp used for deadlines, passed on, or mixed
// into a value that is stored: seconds of drift change nothing here.
contract C91 {
    uint256 q1;
    uint256 q2;
    event E(uint256 t);

    function g1() internal view returns (uint48) {
        return uint48(block.timestamp);
    }

    function f1() external {
        uint256 t = block.timestamp;
        // ok: SOL-TIMESTAMP-DEPENDENCE
        require(t > q1, "early");
        // ok: SOL-TIMESTAMP-DEPENDENCE
        emit E(t);
    }

    function f2() external {
        uint48 now_ = g1();
        // ok: SOL-TIMESTAMP-DEPENDENCE
        q2 = uint256(now_) + 7 days;
    }

    function f3() external view returns (bool) {
        // ok: SOL-TIMESTAMP-DEPENDENCE
        return g1() > q1;
    }
}
