pragma solidity ^0.5.0;

// Anyone can make themselves the recipient in one transaction; the
// payment to whoever holds it happens in another, so racing callers
// decide who is paid.
contract C70 {
    address payable q1;
    address payable q2;
    uint256 q3;

    function f1(bytes32 g) public {
        if (keccak256(abi.encode(g)) == keccak256(abi.encode("x"))) {
            q1 = msg.sender;
        }
    }

    function f2() public payable {
        // ruleid: SOL-TOD-PAYMENT
        q1.transfer(msg.value);
    }

    function f3() public {
        q2 = msg.sender;
        q3 = block.number;
    }

    function f4() public {
        require(block.number > q3 + 10);
        // ruleid: SOL-TOD-PAYMENT
        q2.transfer(address(this).balance);
    }
}
