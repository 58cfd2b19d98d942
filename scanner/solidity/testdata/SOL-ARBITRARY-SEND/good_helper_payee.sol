pragma solidity ^0.8.0;

// The helper pays the caller what is booked for it, the owner, or only
// the owner may name the payee.
contract K802 {
    address o;
    mapping(address => uint256) q1;

    constructor() {
        o = msg.sender;
    }

    function h1(address a, uint256 x) internal {
        // ok: SOL-ARBITRARY-SEND
        payable(a).transfer(x);
    }

    function f1() external {
        uint256 x = q1[msg.sender];
        q1[msg.sender] = 0;
        h1(msg.sender, x);
    }

    function f2(uint256 x) external {
        h1(o, x);
    }

    function f3(address a, uint256 x) external {
        require(msg.sender == o);
        h1(a, x);
    }

    receive() external payable {
        q1[msg.sender] += msg.value;
    }
}
