#pragma version ^0.4.0

owner: public(address)
fee: public(uint256)

@deploy
def __init__():
    self.owner = msg.sender

@external
def set_fee(f: uint256):
    assert msg.sender == self.owner
    self.fee = f

@external
# ruleid: VY-UNPROTECTED-STATE-WRITE
def change_owner(new_owner: address):
    self.owner = new_owner

@external
# ruleid: VY-UNPROTECTED-STATE-WRITE
def claim_ownership():
    assert msg.sender != empty(address)
    self.owner = msg.sender
