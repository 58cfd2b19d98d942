module stats::counter {
    public struct Stats has key {
        id: UID,
        calls: u64,
    }

    fun init(ctx: &mut TxContext) {
        transfer::share_object(Stats { id: object::new(ctx), calls: 0 });
    }

    public(package) fun bump(stats: &mut Stats) {
        stats.calls = stats.calls + 1;
    }

    public fun touch(stats: &mut Stats) {
        // ok: MOVE-PACKAGE-LEAK
        bump(stats);
    }
}
