pragma solidity ^0.5.11;

contract K7 {
    bool k1 = true;
    uint256 k2;
    address payable k3;
    uint256 k4;

    // A one-shot flag checked before the payment, cleared after it.
    function g1() public {
        require(k1);
        // ruleid: SOL-REENTRANCY-LIMITED
        if (!(msg.sender.send(1 ether))) {
            revert();
        }
        k1 = false;
    }

    // A counter bounding the payments, advanced after each.
    function g2() public {
        require(k2 <= 5);
        // ruleid: SOL-REENTRANCY-LIMITED
        if (!(msg.sender.send(10 ether))) {
            revert();
        }
        k2 += 1;
    }

    // Recipient and amount read from state, replaced after the payment.
    function g3() public {
        // ruleid: SOL-REENTRANCY-LIMITED
        if (!(k3.send(k4)))
            revert();
        k3 = msg.sender;
        k4 = address(this).balance;
    }
}
