#pragma version ^0.4.0

from ethereum.ercs import IERC20

@external
def pay(token: IERC20, to: address, amount: uint256):
    # ok: VY-UNCHECKED-ERC20
    assert extcall token.transfer(to, amount, default_return_value=True)
