# ok: VY-COMPILER-BUG
#pragma version ^0.4.0

@external
@pure
def join(a: String[32], b: String[32]) -> String[64]:
    return concat(a, b)
