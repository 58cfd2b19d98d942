pragma solidity ^0.8.0;

// A modifier named like a guard that checks nothing, and an EOA check
// (msg.sender == tx.origin), protect nothing.
contract Vault {
    address public keeper;

    modifier onlyOwner() {
        _;
    }

    function sweep() external {
        require(msg.sender == keeper);
        payable(keeper).transfer(address(this).balance);
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function setKeeper(address k) external onlyOwner {
        keeper = k;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function claim() external {
        if (msg.sender == tx.origin) {
            keeper = msg.sender;
        }
    }
}
