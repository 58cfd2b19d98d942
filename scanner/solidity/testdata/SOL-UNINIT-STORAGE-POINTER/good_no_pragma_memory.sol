// No version pragma, but the locals name their location or hold values.
contract K504 {
    struct S1 {
        uint256 a;
    }

    S1[] q1;

    function f1(uint256 x) public {
        // ok: SOL-UNINIT-STORAGE-POINTER
        S1 memory v = S1(x);
        // ok: SOL-UNINIT-STORAGE-POINTER
        S1 storage w = q1[0];
        // ok: SOL-UNINIT-STORAGE-POINTER
        uint256 n;
        w.a = v.a + n;
    }
}
