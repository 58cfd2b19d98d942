#pragma version ^0.4.0

from ethereum.ercs import IERC20

@external
@view
def held(token: IERC20) -> uint256:
    # ok: VY-ERC20-NO-DEFAULT-RETURN
    return staticcall token.balanceOf(self)
