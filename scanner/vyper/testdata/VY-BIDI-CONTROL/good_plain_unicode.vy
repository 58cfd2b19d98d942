# @version 0.3.10

# Ordinary non-ASCII text without control characters: Café → שלום مرحبا
greeting: public(String[64])

@external
def set_greeting():
    # ok: VY-BIDI-CONTROL
    self.greeting = "naïve – ünïcode ✓"

@external
def touch(x: uint256) -> uint256:
    # ok: VY-BIDI-CONTROL
    return x  # עברית والعربية
