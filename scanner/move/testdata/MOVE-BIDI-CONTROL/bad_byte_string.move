module vault::names {
    public fun label(): vector<u8> {
        // ruleid: MOVE-BIDI-CONTROL
        let s = b"ok⁧admin⁩";
        // ruleid: MOVE-BIDI-CONTROL
        s // ⁦ trailing ⁩
    }
}
