pragma solidity ^0.8.19;

import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

// Orders pulled from their makers after a helper checked each maker's
// signature (ERC-1271 wallets included), and a simulation that pulls and
// then always reverts with the result.
interface I56 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
}

contract C256 {
    struct O56 {
        address maker;
        uint256 amount;
    }

    struct F56 {
        O56 order;
        bytes sig;
    }

    error R56(bool ok);

    I56 internal t56;

    function fill(F56[] calldata fs) external {
        check(fs);
        pull(fs);
    }

    function check(F56[] calldata fs) internal view {
        for (uint256 i = 0; i < fs.length; i++) {
            bytes32 h = keccak256(abi.encode(fs[i].order, address(this), block.chainid));
            require(SignatureChecker.isValidSignatureNow(fs[i].order.maker, h, fs[i].sig), "bad signature");
        }
    }

    function pull(F56[] calldata fs) internal {
        for (uint256 i = 0; i < fs.length; i++) {
            // ok: SOL-ARBITRARY-FROM
            require(t56.transferFrom(fs[i].order.maker, msg.sender, fs[i].order.amount));
        }
    }

    function simulate(address a, uint256 v) external {
        // ok: SOL-ARBITRARY-FROM
        bool ok = t56.transferFrom(a, address(this), v);
        revert R56(ok);
    }
}
