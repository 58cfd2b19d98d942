pragma solidity ^0.8.0;

contract Refunder {
    address payable[] public payees;
    mapping(address => uint256) public owed;

    function refundAll() external {
        for (uint256 i = 0; i < payees.length; i++) {
            // ruleid: SOL-DOS-REVERTING-PAYMENT
            payees[i].transfer(owed[payees[i]]);
        }
    }
}
