pragma solidity ^0.4.24;

contract Shop {
    address owner;

    function Shop() public {
        owner = msg.sender;
    }

    function collect() public {
        // ok: SOL-DOS-REVERTING-PAYMENT
        require(owner.send(this.balance));
    }
}
