pragma solidity ^0.4.24;

contract Base {
    uint public count;
}

// ruleid: SOL-LOCKED-ETHER
contract Donations is Base {
    function donate() public payable {
        count += 1;
    }
}
