#pragma version ^0.4.0

from ethereum.ercs import IERC20

token: public(IERC20)

@deploy
def __init__(t: IERC20):
    self.token = t

@external
def pay(to: address, amount: uint256):
    # ruleid: VY-UNCHECKED-ERC20
    extcall self.token.transfer(to, amount)
