pragma solidity ^0.4.24;

// The same probe compiled by 0.4, which calls view and pure functions
// with CALL: the caller's contract runs with gas and re-enters after the
// first modifier checked the entry and before the credit.
contract C221 {
    mapping(address => uint256) public b21;

    modifier m20() {
        require(b21[msg.sender] == 0);
        _;
    }

    modifier m21() {
        require(I21(msg.sender).ok21());
        _;
    }

    // ruleid: SOL-REENTRANCY
    function f1() public m20 m21 {
        b21[msg.sender] += 20;
    }
}

contract I21 {
    function ok21() external pure returns (bool) {
        return true;
    }
}
