pragma solidity ^0.5.0;

// The solution check records the caller as the one to pay; the payment
// comes later. A copied answer wins just the same.
contract C72 {
    address payable q1;
    bytes32 q2;

    function f1(string memory a) public {
        // ruleid: SOL-FRONTRUN-SOLUTION
        if (keccak256(abi.encodePacked(a)) == q2) {
            q1 = msg.sender;
        }
    }

    function f2(uint256 a, uint256 b) public {
        // ruleid: SOL-FRONTRUN-SOLUTION
        require(sha256(abi.encodePacked(a, b)) == q2);
        q1 = msg.sender;
    }

    function f3() public {
        q1.transfer(address(this).balance);
    }
}
