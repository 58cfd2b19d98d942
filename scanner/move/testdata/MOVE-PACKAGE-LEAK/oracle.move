module feed::oracle;

public struct Oracle has key {
    id: UID,
    price: u64,
}

fun init(ctx: &mut TxContext) {
    transfer::share_object(Oracle { id: object::new(ctx), price: 0 });
}

/// Only the package's keeper module should call this.
public(package) fun set_price(oracle: &mut Oracle, price: u64) {
    oracle.price = price;
}

/// A convenience wrapper that forgot the keeper check.
public fun update(oracle: &mut Oracle, price: u64) {
    // ruleid: MOVE-PACKAGE-LEAK
    set_price(oracle, price);
}
