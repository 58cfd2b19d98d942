# @version 0.3.10

@external
@pure
def scale(x: decimal) -> decimal:
    half: decimal = x / 2.0
    # ok: VY-DIVIDE-BEFORE-MULTIPLY
    return half * 3.0
