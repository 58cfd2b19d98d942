pragma solidity ^0.8.0;

// The refund to the previous holder is made with call and its success
// flag, held in a local, is required afterwards: a holder that rejects
// ether blocks every later caller.
contract C71 {
    address q1;
    uint256 q2;

    function f1() external payable {
        require(msg.value > q2);
        // ruleid: SOL-DOS-REVERTING-PAYMENT
        (bool s1, ) = q1.call{value: q2}("");
        require(s1, "e");
        q2 = msg.value;
        q1 = msg.sender;
    }
}

contract C72 {
    address payable q1;
    uint256 q2;
    error E1();

    function f1() external payable {
        require(msg.value > q2);
        bool s1;
        // ruleid: SOL-DOS-REVERTING-PAYMENT
        (s1, ) = q1.call{value: q2}("");
        if (!s1) revert E1();
        q1 = payable(msg.sender);
        q2 = msg.value;
    }

    function f2() external payable {
        require(msg.value > q2);
        bool s2;
        // ruleid: SOL-DOS-REVERTING-PAYMENT
        s2 = q1.send(q2);
        assert(s2);
        q1 = payable(msg.sender);
        q2 = msg.value;
    }
}

contract C74 {
    address[] q1;
    uint256 q2;

    function f1() external {
        for (uint256 i = 0; i < q1.length; i++) {
            // ruleid: SOL-DOS-REVERTING-PAYMENT
            (bool s1, bytes memory r1) = q1[i].call{value: q2}("");
            require(s1 && r1.length == 0);
        }
    }
}
