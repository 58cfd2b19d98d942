# @version 0.3.10

from vyper.interfaces import ERC20

@external
def pull(token: address, amount: uint256):
    # ok: VY-UNCHECKED-ERC20
    ok: bool = ERC20(token).transferFrom(msg.sender, self, amount)
    assert ok
