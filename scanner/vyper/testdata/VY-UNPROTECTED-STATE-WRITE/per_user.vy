#pragma version ^0.4.0

voted: HashMap[address, bool]
admin: address
initialized: bool

@external
# ok: VY-UNPROTECTED-STATE-WRITE
def vote():
    assert not self.voted[msg.sender]
    self.voted[msg.sender] = True

@external
# ok: VY-UNPROTECTED-STATE-WRITE
def initialize(a: address):
    assert not self.initialized
    self.initialized = True
    self.admin = a

@external
def admin_only():
    assert msg.sender == self.admin
