#pragma version ^0.4.0

@external
@pure
def fee(amount: uint256, bps: uint256) -> uint256:
    # ruleid: VY-DIVIDE-BEFORE-MULTIPLY
    return amount // 10000 * bps
