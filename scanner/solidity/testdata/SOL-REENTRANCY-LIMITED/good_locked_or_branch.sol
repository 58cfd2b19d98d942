pragma solidity ^0.8.0;

contract C36 {
    mapping(address => uint256) q1;
    uint256 q2 = 1;

    modifier m1() {
        require(q2 == 1);
        q2 = 2;
        _;
        q2 = 1;
    }

    function f1() external m1 {
        // ok: SOL-REENTRANCY-LIMITED
        payable(msg.sender).transfer(q1[msg.sender]);
        q1[msg.sender] = 0;
    }

    function f2(bool b) external {
        if (b) {
            // ok: SOL-REENTRANCY-LIMITED
            payable(msg.sender).transfer(1);
        } else {
            q1[msg.sender] += 1;
        }
    }
}
