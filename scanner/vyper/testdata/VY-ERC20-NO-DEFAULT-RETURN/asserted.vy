#pragma version ^0.4.0

from ethereum.ercs import IERC20

@external
def pay(token: IERC20, to: address, amount: uint256):
    # ruleid: VY-ERC20-NO-DEFAULT-RETURN
    assert extcall token.transfer(to, amount)
