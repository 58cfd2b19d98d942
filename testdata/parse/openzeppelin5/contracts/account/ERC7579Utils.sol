// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

type Mode is bytes32;
type CallType is bytes1;
type ExecType is bytes1;

using {eqCallType as ==} for CallType global;
using {eqExecType as ==} for ExecType global;

function eqCallType(CallType a, CallType b) pure returns (bool) {
    return CallType.unwrap(a) == CallType.unwrap(b);
}

function eqExecType(ExecType a, ExecType b) pure returns (bool) {
    return ExecType.unwrap(a) == ExecType.unwrap(b);
}

library ERC7579Utils {
    CallType internal constant CALLTYPE_SINGLE = CallType.wrap(0x00);
    ExecType internal constant EXECTYPE_DEFAULT = ExecType.wrap(0x00);

    error ERC7579UnsupportedCallType(CallType callType);

    function decodeMode(Mode mode) internal pure returns (CallType callType, ExecType execType) {
        return (CallType.wrap(Mode.unwrap(mode)[0]), ExecType.wrap(Mode.unwrap(mode)[1]));
    }
}

/// @notice An account whose fallback takes and returns bytes.
abstract contract AccountERC7579 {
    using ERC7579Utils for *;

    mapping(bytes4 selector => address) private _fallbacks;

    function execute(Mode mode, bytes calldata executionCalldata) public payable virtual {
        (CallType callType, ) = mode.decodeMode();
        if (callType == ERC7579Utils.CALLTYPE_SINGLE) {
            (bool ok, ) = address(this).call(executionCalldata);
            require(ok);
        } else {
            revert ERC7579Utils.ERC7579UnsupportedCallType(callType);
        }
    }

    fallback(bytes calldata) external payable virtual returns (bytes memory) {
        address handler = _fallbacks[msg.sig];
        (bool success, bytes memory returndata) = handler.call{value: msg.value}(abi.encodePacked(msg.data, msg.sender));
        if (!success) {
            assembly ("memory-safe") {
                revert(add(returndata, 0x20), mload(returndata))
            }
        }
        return returndata;
    }

    receive() external payable virtual {}
}
