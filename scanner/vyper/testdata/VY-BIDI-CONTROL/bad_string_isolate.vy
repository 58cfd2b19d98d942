# @version 0.3.10

greeting: public(String[64])

@external
def set_greeting():
    # ruleid: VY-BIDI-CONTROL
    self.greeting = "ok⁧admin⁩"

@external
def touch(x: uint256) -> uint256:
    # ruleid: VY-BIDI-CONTROL
    return x  # ⁦ plus one ⁩
