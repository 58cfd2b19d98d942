# @version 0.3.7

owner: address

@external
def __init__():
    self.owner = msg.sender

@external
def kill():
    assert msg.sender == self.owner
    # ok: VY-UNPROTECTED-SELFDESTRUCT
    selfdestruct(self.owner)
