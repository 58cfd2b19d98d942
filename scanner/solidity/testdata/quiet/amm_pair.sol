// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A constant-product pair in the shape audited AMMs take: a lock, reserves
// synced from balances, a flash-swap callback checked by the invariant,
// surplus skimming, price accumulators. Written for this test.

interface IToken {
    function balanceOf(address) external view returns (uint256);
    function transfer(address, uint256) external returns (bool);
}

interface ICallee {
    function onSwap(address sender, uint256 out0, uint256 out1, bytes calldata data) external;
}

contract Pair {
    address public immutable token0;
    address public immutable token1;
    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private lastTime;
    uint256 public price0Cumulative;
    uint256 public price1Cumulative;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    uint256 private unlocked = 1;

    modifier lock() {
        require(unlocked == 1, "LOCKED");
        unlocked = 0;
        _;
        unlocked = 1;
    }

    constructor(address a, address b) {
        token0 = a;
        token1 = b;
    }

    function _send(address token, address to, uint256 value) private {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(IToken.transfer.selector, to, value));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "TRANSFER_FAILED");
    }

    function _update(uint256 b0, uint256 b1, uint112 r0, uint112 r1) private {
        require(b0 <= type(uint112).max && b1 <= type(uint112).max, "OVERFLOW");
        uint32 t = uint32(block.timestamp % 2 ** 32);
        unchecked {
            uint32 elapsed = t - lastTime;
            if (elapsed > 0 && r0 != 0 && r1 != 0) {
                price0Cumulative += (uint256(r1) << 112) / r0 * elapsed;
                price1Cumulative += (uint256(r0) << 112) / r1 * elapsed;
            }
        }
        reserve0 = uint112(b0);
        reserve1 = uint112(b1);
        lastTime = t;
    }

    function _mintShares(address to, uint256 v) private {
        totalSupply += v;
        balanceOf[to] += v;
    }

    function _burnShares(address from, uint256 v) private {
        balanceOf[from] -= v;
        totalSupply -= v;
    }

    function mint(address to) external lock returns (uint256 liquidity) {
        (uint112 r0, uint112 r1) = (reserve0, reserve1);
        uint256 b0 = IToken(token0).balanceOf(address(this));
        uint256 b1 = IToken(token1).balanceOf(address(this));
        uint256 a0 = b0 - r0;
        uint256 a1 = b1 - r1;
        if (totalSupply == 0) {
            liquidity = sqrt(a0 * a1) - 1000;
            _mintShares(address(0xdead), 1000);
        } else {
            uint256 x = a0 * totalSupply / r0;
            uint256 y = a1 * totalSupply / r1;
            liquidity = x < y ? x : y;
        }
        require(liquidity > 0, "INSUFFICIENT_LIQUIDITY");
        _mintShares(to, liquidity);
        _update(b0, b1, r0, r1);
    }

    function burn(address to) external lock returns (uint256 a0, uint256 a1) {
        uint256 b0 = IToken(token0).balanceOf(address(this));
        uint256 b1 = IToken(token1).balanceOf(address(this));
        uint256 liquidity = balanceOf[address(this)];
        a0 = liquidity * b0 / totalSupply;
        a1 = liquidity * b1 / totalSupply;
        require(a0 > 0 && a1 > 0, "INSUFFICIENT_BURN");
        _burnShares(address(this), liquidity);
        _send(token0, to, a0);
        _send(token1, to, a1);
        b0 = IToken(token0).balanceOf(address(this));
        b1 = IToken(token1).balanceOf(address(this));
        _update(b0, b1, reserve0, reserve1);
    }

    function swap(uint256 out0, uint256 out1, address to, bytes calldata data) external lock {
        require(out0 > 0 || out1 > 0, "INSUFFICIENT_OUTPUT");
        (uint112 r0, uint112 r1) = (reserve0, reserve1);
        require(out0 < r0 && out1 < r1, "INSUFFICIENT_LIQUIDITY");
        require(to != token0 && to != token1, "INVALID_TO");
        if (out0 > 0) _send(token0, to, out0);
        if (out1 > 0) _send(token1, to, out1);
        if (data.length > 0) ICallee(to).onSwap(msg.sender, out0, out1, data);
        uint256 b0 = IToken(token0).balanceOf(address(this));
        uint256 b1 = IToken(token1).balanceOf(address(this));
        uint256 in0 = b0 > r0 - out0 ? b0 - (r0 - out0) : 0;
        uint256 in1 = b1 > r1 - out1 ? b1 - (r1 - out1) : 0;
        require(in0 > 0 || in1 > 0, "INSUFFICIENT_INPUT");
        uint256 adj0 = b0 * 1000 - in0 * 3;
        uint256 adj1 = b1 * 1000 - in1 * 3;
        require(adj0 * adj1 >= uint256(r0) * r1 * 1000 ** 2, "K");
        _update(b0, b1, r0, r1);
    }

    function skim(address to) external lock {
        _send(token0, to, IToken(token0).balanceOf(address(this)) - reserve0);
        _send(token1, to, IToken(token1).balanceOf(address(this)) - reserve1);
    }

    function sync() external lock {
        _update(IToken(token0).balanceOf(address(this)), IToken(token1).balanceOf(address(this)), reserve0, reserve1);
    }

    function getReserves() external view returns (uint112, uint112, uint32) {
        return (reserve0, reserve1, lastTime);
    }

    function sqrt(uint256 y) internal pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}
