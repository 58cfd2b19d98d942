pragma solidity ^0.8.0;

// The success flag of the refund is stored but a failure does not revert:
// it is recorded for the holder to collect later, or merely logged, or the
// flag is replaced before the check.
contract C73 {
    address q1;
    uint256 q2;
    mapping(address => uint256) q3;
    event V1(bool s);

    function f1() external payable {
        require(msg.value > q2);
        // ok: SOL-DOS-REVERTING-PAYMENT
        (bool s1, ) = q1.call{value: q2}("");
        if (!s1) {
            q3[q1] += q2;
        }
        q2 = msg.value;
        q1 = msg.sender;
    }

    function f2() external payable {
        require(msg.value > q2);
        // ok: SOL-DOS-REVERTING-PAYMENT
        (bool s1, ) = q1.call{value: q2}("");
        emit V1(s1);
        q2 = msg.value;
        q1 = msg.sender;
    }

    function f3() external payable {
        require(msg.value > q2);
        // ok: SOL-DOS-REVERTING-PAYMENT
        (bool s1, ) = q1.call{value: q2}("");
        s1 = msg.value > 0;
        require(s1);
        q2 = msg.value;
        q1 = msg.sender;
    }

    function f4() external {
        uint256 a = q3[msg.sender];
        q3[msg.sender] = 0;
        // ok: SOL-DOS-REVERTING-PAYMENT
        (bool s1, ) = msg.sender.call{value: a}("");
        require(s1);
    }
}
