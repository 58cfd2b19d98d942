# @version 0.3.10

minters: HashMap[address, bool]
supply: uint256

@external
def mint(amount: uint256):
    assert self.minters[msg.sender]
    self.supply += amount

@external
# ruleid: VY-UNPROTECTED-STATE-WRITE
def add_minter(who: address):
    self._grant(who)

@internal
def _grant(who: address):
    self.minters[who] = True
