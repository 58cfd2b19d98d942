pragma solidity ^0.5.0;

// Amounts owed to the caller: its own ether back, its recorded balance
// (debited), a prize it qualified for with a payment or a proof, or a
// payment recorded against it.
contract C82 {
    mapping(address => uint256) q1;
    mapping(address => bool) q2;
    address q3;
    bytes32 q4;

    function f1() public payable {
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        msg.sender.transfer(msg.value / 2);
    }

    function f2() public {
        uint256 v = q1[msg.sender];
        q1[msg.sender] = 0;
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        msg.sender.transfer(v);
    }

    function f3() public payable {
        require(msg.value == 1 ether);
        if (uint256(blockhash(block.number - 1)) % 2 == 0) {
            // ok: SOL-UNPROTECTED-WITHDRAWAL
            msg.sender.transfer(2 ether);
        }
    }

    function f4(bytes32 p) public {
        require(keccak256(abi.encodePacked(p)) == q4);
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        msg.sender.transfer(address(this).balance);
    }

    function f5() public {
        require(!q2[msg.sender]);
        q2[msg.sender] = true;
        // ok: SOL-UNPROTECTED-WITHDRAWAL
        msg.sender.transfer(0.1 ether);
    }
}
