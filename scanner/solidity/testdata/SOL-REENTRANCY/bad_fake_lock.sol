pragma solidity ^0.8.0;

// A modifier named like a lock that sets nothing, and a write the call
// reaches through the loop's back edge.
contract Pool {
    mapping(address => uint256) public credit;
    address[] public payees;

    modifier nonReentrant() {
        _;
    }

    function withdraw() external nonReentrant {
        uint256 amount = credit[msg.sender];
        // ruleid: SOL-REENTRANCY
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
        credit[msg.sender] = 0;
    }

    function payAll() external {
        for (uint256 i = 0; i < payees.length; i++) {
            credit[payees[i]] = 0;
            // ruleid: SOL-REENTRANCY
            (bool ok, ) = payees[i].call{value: 1}("");
            require(ok);
        }
    }
}
