module feed::keeper;

public struct KeeperCap has key, store { id: UID }

public struct Oracle has key {
    id: UID,
    price: u64,
}

fun init(ctx: &mut TxContext) {
    transfer::share_object(Oracle { id: object::new(ctx), price: 0 });
    transfer::transfer(KeeperCap { id: object::new(ctx) }, ctx.sender());
}

public(package) fun set_price(oracle: &mut Oracle, price: u64) {
    oracle.price = price;
}

public fun update(oracle: &mut Oracle, _cap: &KeeperCap, price: u64) {
    // ok: MOVE-PACKAGE-LEAK
    set_price(oracle, price);
}
