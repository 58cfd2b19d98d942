pragma solidity ^0.8.0;

contract Registry {
    mapping(address => bool) public admins;
    address public keeper;

    modifier onlyAdmin() {
        require(admins[msg.sender]);
        _;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function addAdmin(address who) external {
        admins[who] = true;
    }

    // ruleid: SOL-UNPROTECTED-OWNER-WRITE
    function init() external {
        setup();
    }

    function setup() internal {
        admins[msg.sender] = true;
    }

    function setKeeper(address k) external onlyAdmin {
        keeper = k;
    }
}
