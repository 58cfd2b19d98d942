module vault::config;

public struct Config has key {
    id: UID,
    owner: address,
    limit: u64,
    version: u64,
}

const VERSION: u64 = 2;

fun init(ctx: &mut TxContext) {
    transfer::share_object(Config { id: object::new(ctx), owner: ctx.sender(), limit: 0, version: 1 });
}

public fun set_limit(config: &mut Config, limit: u64, ctx: &TxContext) {
    assert!(config.owner == ctx.sender(), 0);
    // ok: MOVE-SUI-SHARED-NO-AUTH
    config.limit = limit;
}

/// Anyone may migrate: the value written is not the caller's to choose.
public fun migrate(config: &mut Config) {
    assert!(config.version < VERSION, 1);
    // ok: MOVE-SUI-SHARED-NO-AUTH
    config.version = VERSION;
}
