#pragma version ^0.4.0

owner: public(address)
pending: public(address)

@deploy
def __init__():
    self.owner = msg.sender

@external
# ok: VY-UNPROTECTED-STATE-WRITE
def transfer_ownership(new_owner: address):
    self._check_owner()
    self.pending = new_owner

@external
# ok: VY-UNPROTECTED-STATE-WRITE
def accept_ownership():
    if msg.sender != self.pending:
        raise "not pending owner"
    self.owner = self.pending

@internal
def _check_owner():
    assert msg.sender == self.owner, "not owner"
