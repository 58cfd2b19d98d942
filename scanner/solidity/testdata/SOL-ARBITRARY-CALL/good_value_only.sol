pragma solidity ^0.4.24;

// Payments and fixed signatures: the caller picks no function.
contract C6 {
    mapping(address => uint256) q1;

    function f1() public {
        uint256 v = q1[msg.sender];
        q1[msg.sender] = 0;
        // ok: SOL-ARBITRARY-CALL
        require(msg.sender.call.value(v)());
    }

    function f2(address t, uint256 v) public {
        // ok: SOL-ARBITRARY-CALL
        require(t.call(bytes4(keccak256("g(uint256)")), v));
    }

    function f3(address t) public payable {
        // ok: SOL-ARBITRARY-CALL
        require(t.call.value(msg.value)(""));
    }
}
