module token::minters;

public struct AdminCap has key, store {
    id: UID,
}

public struct MinterCap has key, store {
    id: UID,
    limit: u64,
}

fun init(ctx: &mut TxContext) {
    // ok: MOVE-SUI-CAP-TO-SENDER
    transfer::transfer(AdminCap { id: object::new(ctx) }, ctx.sender());
}

public fun new_minter(_admin: &AdminCap, limit: u64, ctx: &mut TxContext) {
    let minter = MinterCap { id: object::new(ctx), limit };
    // ok: MOVE-SUI-CAP-TO-SENDER
    transfer::public_transfer(minter, ctx.sender());
}
