module token::manager;

public struct AdminCap has key, store {
    id: UID,
}

public struct MinterCap has key, store {
    id: UID,
    limit: u64,
}

fun init(ctx: &mut TxContext) {
    transfer::transfer(AdminCap { id: object::new(ctx) }, ctx.sender());
    transfer::public_transfer(MinterCap { id: object::new(ctx), limit: 1_000 }, ctx.sender());
}

/// Meant for the deployer's scripts, callable by anyone.
public fun claim_admin(ctx: &mut TxContext) {
    let cap = AdminCap { id: object::new(ctx) };
    // ruleid: MOVE-SUI-CAP-TO-SENDER
    transfer::public_transfer(cap, tx_context::sender(ctx));
}

entry fun new_minter(limit: u64, ctx: &mut TxContext) {
    // ruleid: MOVE-SUI-CAP-TO-SENDER
    transfer::transfer(MinterCap { id: object::new(ctx), limit }, ctx.sender());
}
