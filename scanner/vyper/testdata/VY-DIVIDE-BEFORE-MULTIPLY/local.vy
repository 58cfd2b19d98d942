# @version 0.3.10

@external
@pure
def shares(assets: uint256, supply: uint256, total: uint256) -> uint256:
    per_share: uint256 = total / supply
    # ruleid: VY-DIVIDE-BEFORE-MULTIPLY
    return assets * per_share
