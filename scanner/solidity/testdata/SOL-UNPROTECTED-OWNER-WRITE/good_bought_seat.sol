pragma solidity ^0.8.0;

// A game: whoever pays the stake that reaches the target becomes the
// winner, who alone may claim the pot. The caller buys the seat. Names
// are opaque.
contract C45 {
    uint public q1 = 7 ether;
    address public q2;

    // ok: SOL-UNPROTECTED-OWNER-WRITE
    function f1() public payable {
        require(msg.value == 1 ether);
        uint b = address(this).balance;
        require(b <= q1);
        if (b == q1) {
            q2 = msg.sender;
        }
    }

    function f2() public {
        require(msg.sender == q2);
        (bool ok, ) = msg.sender.call{value: address(this).balance}("");
        require(ok);
    }
}
