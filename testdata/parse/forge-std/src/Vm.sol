// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity >=0.6.2 <0.9.0;
pragma experimental ABIEncoderV2;

/// @notice The cheatcode interface, written here in the shape forge-std
/// gives it: structs, enums and many external declarations.
interface VmSafe {
    enum CallerMode { None, Broadcast, RecurrentBroadcast, Prank, RecurrentPrank }

    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    struct Rpc { string key; string url; }

    /// Gets the nonce of an account.
    function getNonce(address account) external view returns (uint64 nonce);
    function load(address target, bytes32 slot) external view returns (bytes32 data);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function envOr(string calldata name, bool defaultValue) external view returns (bool value);
    function readCallers() external returns (CallerMode callerMode, address msgSender, address txOrigin);
    function getRecordedLogs() external returns (Log[] memory logs);
    function rpcUrlStructs() external view returns (Rpc[] memory urls);
    function parseJsonBytes32Array(string calldata json, string calldata key) external pure returns (bytes32[] memory);
}

interface Vm is VmSafe {
    function warp(uint256 newTimestamp) external;
    function prank(address msgSender, address txOrigin) external;
    function expectRevert(bytes4 revertData) external;
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function store(address target, bytes32 slot, bytes32 value) external;
}
