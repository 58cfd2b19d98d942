// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Each turn of the loop settles the entry it pays, keyed by the token the
// counter picks, before a helper pays it out: a receiver re-entering finds
// the entries it was paid already settled and the later ones still to be
// read afresh.
contract Rewards {
    address internal constant NATIVE = address(0);
    mapping(address => mapping(address => uint256)) internal accrued;

    function _pay(address token, address to, uint256 v) internal {
        if (token == NATIVE) {
            (bool ok, ) = to.call{value: v}("");
            require(ok, "send");
        }
    }

    function claim(address[] calldata tokens, address to) external returns (uint256[] memory out) {
        out = new uint256[](tokens.length);
        for (uint256 i = 0; i < tokens.length; i++) {
            address token = tokens[i];
            uint256 owed = accrued[token][msg.sender];
            accrued[token][msg.sender] = 0;
            // ok: SOL-REENTRANCY
            _pay(token, to, owed);
            out[i] = owed;
        }
    }

    mapping(address => uint256) internal claimed;
    mapping(address => uint256) internal reserve;

    // The amount goes through an entry of the returned array, and a
    // second entry books what the turn pays.
    function claimTo(address[] calldata tokens, uint256[] calldata totals, address to)
        external
        returns (uint256[] memory amounts)
    {
        amounts = new uint256[](tokens.length);
        for (uint256 i = 0; i < tokens.length; ++i) {
            (address token, uint256 total) = (tokens[i], totals[i]);
            amounts[i] = total - claimed[token];
            claimed[token] = total;
            reserve[token] -= amounts[i];
            // ok: SOL-REENTRANCY
            _pay(token, to, amounts[i]);
        }
    }
}
