pragma solidity ^0.4.24;

contract WalletProxy {
    address lib;

    function() public payable {
        // ruleid: SOL-CONTROLLED-DELEGATECALL
        lib.delegatecall(msg.data);
    }
}
