// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Bit and memory helpers with Yul functions, switch, for loops,
/// leave, and the Cancun opcodes (tstore, tload, mcopy, blobhash).
library LibBit {
    uint256 internal constant MASK = 0xff_ff_ff_ff;

    function fls(uint256 x) internal pure returns (uint256 r) {
        assembly {
            r := or(shl(8, iszero(x)), shl(7, lt(0xffffffffffffffffffffffffffffffff, x)))
            r := or(r, shl(6, lt(0xffffffffffffffff, shr(r, x))))
            r := or(r, byte(and(0x1f, shr(shr(r, x), 0x8421084210842108cc6318c6db6d54be)),
                0x0706060506020504060203020504030106050205030304010505030400000000))
        }
    }

    function countZeros(bytes memory b) internal pure returns (uint256 n) {
        assembly {
            function isZero(v) -> z {
                z := iszero(v)
                if z { leave }
            }
            let end := add(add(b, 0x20), mload(b))
            for { let p := add(b, 0x20) } lt(p, end) { p := add(p, 1) } {
                n := add(n, isZero(byte(0, mload(p))))
            }
        }
    }

    function pick(uint256 k) internal pure returns (uint256 r) {
        assembly {
            switch k
            case 0 { r := 1 }
            case 1 { r := 0x10 }
            default { r := not(0) }
        }
    }

    function copy(bytes memory src) internal pure returns (bytes memory dst) {
        assembly ("memory-safe") {
            dst := mload(0x40)
            let n := mload(src)
            mcopy(dst, src, add(n, 0x20))
            mstore(0x40, add(dst, add(n, 0x40)))
        }
    }

    function flag(bytes32 slot, uint256 v) internal returns (uint256 old) {
        assembly {
            old := tload(slot)
            tstore(slot, v)
        }
    }

    function firstBlob() internal view returns (bytes32 h) {
        assembly {
            h := blobhash(0)
            if iszero(h) { h := blobbasefee() }
        }
    }

    function bits() internal pure returns (bytes memory) {
        return hex"00ff" hex"10";
    }

    function unsafeAdd(uint256 a, uint256 b) internal pure returns (uint256) {
        unchecked {
            return a + b > MASK ? ~uint256(0) : a + b;
        }
    }
}
