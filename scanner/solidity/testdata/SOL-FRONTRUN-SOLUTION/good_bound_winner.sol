pragma solidity ^0.5.0;

// The answer is bound to its sender, or the recorded caller is never
// paid.
contract C73 {
    address payable q1;
    address q3;
    bytes32 q2;
    mapping(address => bytes32) q4;

    function f1(string memory a) public {
        // ok: SOL-FRONTRUN-SOLUTION
        if (keccak256(abi.encodePacked(a, msg.sender)) == q4[msg.sender]) {
            q1 = msg.sender;
        }
    }

    function f2(string memory a) public {
        // ok: SOL-FRONTRUN-SOLUTION
        if (keccak256(abi.encodePacked(a)) == q2) {
            q3 = msg.sender;
        }
    }

    function f3() public {
        q1.transfer(address(this).balance);
    }
}
