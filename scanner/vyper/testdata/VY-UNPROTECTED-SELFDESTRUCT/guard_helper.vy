# @version 0.3.7

owner: address

@external
def kill():
    self._only_owner()
    # ok: VY-UNPROTECTED-SELFDESTRUCT
    selfdestruct(self.owner)

@internal
def _only_owner():
    if msg.sender != self.owner:
        raise "owner only"
