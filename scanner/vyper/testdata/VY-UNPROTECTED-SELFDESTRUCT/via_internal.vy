# @version 0.3.7

@external
def shutdown():
    self._destroy()

@internal
def _destroy():
    # ruleid: VY-UNPROTECTED-SELFDESTRUCT
    selfdestruct(msg.sender)
