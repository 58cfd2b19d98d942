pragma solidity ^0.8.19;

// Payees set once at the start, by the owner, or by whoever pays the most:
// nobody redirects the balance for free.
contract C255 {
    address payable internal p55;
    address payable internal q55;
    address payable internal r55;
    address internal o55;
    uint256 internal h55;

    constructor() {
        o55 = msg.sender;
    }

    function init() external {
        require(p55 == address(0), "set");
        p55 = payable(msg.sender);
    }

    function setQ(address payable a) external {
        require(msg.sender == o55);
        q55 = a;
    }

    function bid() external payable {
        require(msg.value > h55, "low");
        h55 = msg.value;
        r55 = payable(msg.sender);
    }

    function sweepP() external {
        // ok: SOL-ARBITRARY-SEND
        p55.transfer(address(this).balance);
    }

    function sweepQ() external {
        // ok: SOL-ARBITRARY-SEND
        q55.transfer(address(this).balance);
    }

    function sweepR() external {
        // ok: SOL-ARBITRARY-SEND
        r55.transfer(address(this).balance);
    }
}
