pragma solidity ^0.8.19;

// Anyone names the payee, then anyone sweeps the whole balance to it.
contract C254 {
    address payable internal p54;

    function setPayee() external {
        p54 = payable(msg.sender);
    }

    function setPayee2(address payable a) external {
        p54 = a;
    }

    function sweep() external {
        // ruleid: SOL-ARBITRARY-SEND
        p54.transfer(address(this).balance);
    }

    receive() external payable {}
}
