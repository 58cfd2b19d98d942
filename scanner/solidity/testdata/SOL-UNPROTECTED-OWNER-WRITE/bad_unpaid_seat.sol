pragma solidity ^0.8.0;

// The caller takes the seat under a condition on the contract's balance,
// not on what it paid: anyone may, once the balance is there. Names are
// opaque.
contract C46 {
    address public q2;

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function f3() public {
        if (address(this).balance > 1 ether) {
            q2 = msg.sender;
        }
    }

    function f2() public {
        require(msg.sender == q2);
        (bool ok, ) = msg.sender.call{value: address(this).balance}("");
        require(ok);
    }
}
