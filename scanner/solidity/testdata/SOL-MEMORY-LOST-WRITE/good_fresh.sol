pragma solidity ^0.4.24;

/// Copies only read, built fresh, returned, or modified in a view.
contract Book {
    struct Order {
        address maker;
        uint amount;
        uint price;
    }

    Order[] orders;
    mapping(uint => Order) byId;

    function place(uint amount, uint price) public {
        // ok: SOL-MEMORY-LOST-WRITE
        Order memory o = Order(msg.sender, amount, price);
        o.amount = amount * 2;
        orders.push(o);
    }

    function cost(uint id) public returns (uint) {
        // ok: SOL-MEMORY-LOST-WRITE
        Order memory o = byId[id];
        return o.amount * o.price;
    }

    function quoted(uint id, uint fee) public returns (Order memory) {
        // ok: SOL-MEMORY-LOST-WRITE
        Order memory o = byId[id];
        o.price += fee;
        return o;
    }

    function preview(uint id, uint fee) public view returns (uint) {
        // ok: SOL-MEMORY-LOST-WRITE
        Order memory o = byId[id];
        o.price += fee;
        return o.price * o.amount;
    }

    uint[] prices;
    uint median;

    function settle() public {
        // ok: SOL-MEMORY-LOST-WRITE
        uint[] memory sorted = prices;
        for (uint i = 1; i < sorted.length; i++) {
            for (uint j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
                uint t = sorted[j];
                sorted[j] = sorted[j - 1];
                sorted[j - 1] = t;
            }
        }
        median = sorted[sorted.length / 2];
    }

    function fill(uint id, uint amount) public {
        // ok: SOL-MEMORY-LOST-WRITE
        Order memory o = byId[id];
        o.amount -= amount;
        require(o.amount * o.price > 0);
    }

    function f1(uint[] q1) public {
        // ok: SOL-MEMORY-LOST-WRITE
        uint[] memory q2 = q1;
        q2[0] = 1;
    }
}
