pragma solidity ^0.8.19;

// A typed call that sends ether with call options ({value: …}) to the
// caller's contract, then the debit: the callee re-enters first.
interface I11 {
    function r11() external payable;
}

contract C211 {
    mapping(address => uint256) public b11;

    function f1(uint256 a) external {
        require(a <= b11[msg.sender]);
        // ruleid: SOL-REENTRANCY
        I11(msg.sender).r11{value: a}();
        b11[msg.sender] -= a;
    }

    function f2() external {
        uint256 a = b11[msg.sender];
        // ruleid: SOL-REENTRANCY
        I11(msg.sender).r11{value: a, gas: gasleft()}();
        b11[msg.sender] = 0;
    }
}
