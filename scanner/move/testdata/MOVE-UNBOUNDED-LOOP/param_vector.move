module batch::ops {
    public struct Ledger has key {
        id: UID,
        total: u64,
    }

    fun init(ctx: &mut TxContext) {
        transfer::share_object(Ledger { id: object::new(ctx), total: 0 });
    }

    /// The caller pays for the vector they pass in.
    public fun sum(values: vector<u64>): u64 {
        let mut i = 0;
        let mut s = 0;
        // ok: MOVE-UNBOUNDED-LOOP
        while (i < values.length()) {
            s = s + values[i];
            i = i + 1;
        };
        s
    }
}
