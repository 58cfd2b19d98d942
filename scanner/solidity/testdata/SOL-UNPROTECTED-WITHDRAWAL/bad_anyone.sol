pragma solidity ^0.5.0;

// Anyone can take ether: nothing ties the amount to the caller.
contract C80 {
    bool q1;
    uint256 q2;
    uint256 q3;

    function f1() public payable {
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        msg.sender.transfer(1 ether);
    }

    function f2() public {
        require(q1);
        // ruleid: SOL-UNPROTECTED-WITHDRAWAL
        msg.sender.send(address(this).balance);
    }

    function f3() external {
        if (now > q2) {
            uint256 v = address(this).balance / 2;
            // ruleid: SOL-UNPROTECTED-WITHDRAWAL
            (bool ok, ) = msg.sender.call.value(v)("");
            require(ok);
            q3 += v;
        }
    }
}
