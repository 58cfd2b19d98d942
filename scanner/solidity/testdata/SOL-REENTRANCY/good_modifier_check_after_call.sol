pragma solidity ^0.4.24;

// The caller-chosen contract is asked first, with CALL under 0.4, and the
// entry is checked only afterwards (in the next modifier, or in the
// body): a re-entered call that credited the entry makes the outer check
// fail, so re-entering gains nothing. Names are opaque.
contract C222 {
    mapping(address => uint256) public b22;

    modifier m21() {
        require(I22(msg.sender).ok22());
        _;
    }

    modifier m22() {
        require(b22[msg.sender] == 0);
        _;
    }

    // ok: SOL-REENTRANCY
    function f1() public m21 m22 {
        b22[msg.sender] += 20;
    }

    // ok: SOL-REENTRANCY
    function f2() public m21 {
        require(b22[msg.sender] == 0);
        b22[msg.sender] += 20;
    }
}

contract I22 {
    function ok22() external pure returns (bool) {
        return true;
    }
}
