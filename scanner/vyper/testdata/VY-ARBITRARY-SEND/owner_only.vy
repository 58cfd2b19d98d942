#pragma version ^0.4.0

owner: address

@deploy
def __init__():
    self.owner = msg.sender

@external
def pay(to: address, amount: uint256):
    assert msg.sender == self.owner
    # ok: VY-ARBITRARY-SEND
    send(to, amount)
