pragma solidity ^0.8.19;

import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

// SafeERC20's safeTransferFrom attached to an ERC-20 type by using-for: a
// plain ERC-20 transferFrom wrapped by a library, not the ERC-721 transfer
// that calls the receiver back.
interface I17 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
    function balanceOf(address a) external view returns (uint256);
}

contract C217 {
    using SafeERC20 for I17;

    I17 internal t17;
    mapping(address => uint256) public d17;

    function f1(uint256 v) external {
        // ok: SOL-REENTRANCY
        t17.safeTransferFrom(msg.sender, address(this), v);
        d17[msg.sender] += v;
    }

    function f2(address tok, uint256 v) external {
        // ok: SOL-REENTRANCY
        I17(tok).safeTransferFrom(msg.sender, address(this), v);
        d17[msg.sender] += v;
    }
}
