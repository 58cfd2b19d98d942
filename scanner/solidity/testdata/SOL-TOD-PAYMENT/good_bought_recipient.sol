pragma solidity ^0.4.24;

// The recipient is bought (a condition on msg.value), is the owner (a
// takeover is another rule's), or is paid in the function that sets it.
contract C71 {
    address q1;
    address q2;
    address q3;
    uint q4;

    modifier m1() {
        require(msg.sender == q2);
        _;
    }

    function f1() public payable {
        if (msg.value < q4 * 2) throw;
        q1 = msg.sender;
        q4 = msg.value;
    }

    function f2() public {
        // ok: SOL-TOD-PAYMENT
        q1.transfer(q4 / 2);
    }

    function f3() public {
        q2 = msg.sender;
    }

    function f4() public m1 {
        // ok: SOL-TOD-PAYMENT
        q2.transfer(this.balance);
    }

    function f5() public {
        q3 = msg.sender;
        // ok: SOL-TOD-PAYMENT
        q3.transfer(1 wei);
    }
}
