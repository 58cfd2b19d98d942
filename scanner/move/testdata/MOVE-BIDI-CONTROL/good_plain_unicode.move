// Ordinary non-ASCII text without control characters: Café → שלום مرحبا
module vault::names {
    public fun label(): vector<u8> {
        // ok: MOVE-BIDI-CONTROL
        let s = b"ok admin";
        // ok: MOVE-BIDI-CONTROL
        s // naïve – עברית والعربية ✓
    }
}
