// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Results handed back where that is the design: an internal helper whose
// callers check it, and an executor that keeps no books on the way.
contract Runner {
    address public owner;
    mapping(address => uint256) public locked;
    address public immutable asset;

    constructor(address a) {
        owner = msg.sender;
        asset = a;
    }

    function _pull(address from, uint256 amount) internal returns (bool) {
        // ok: SOL-UNCHECKED-CALL
        (bool ok, ) = asset.call(abi.encodeWithSelector(0x23b872dd, from, address(this), amount));
        return ok;
    }

    function lock(uint256 amount) external {
        require(_pull(msg.sender, amount), "pull");
        locked[msg.sender] += amount;
    }

    function run(address to, bytes calldata data) external returns (bool) {
        require(msg.sender == owner, "owner");
        // ok: SOL-UNCHECKED-CALL
        (bool ok, ) = to.call(data);
        return ok;
    }
}
