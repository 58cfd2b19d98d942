// No version pragma and nothing dated: a modern compiler checks the
// arithmetic.
contract K506 {
    mapping(address => uint256) q1;

    function f1(address to, uint256 v) external {
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] -= v;
        // ok: SOL-INTEGER-OVERFLOW
        q1[to] += v;
    }

    function f2(uint256 v) external {
        uint256 n = q1[msg.sender];
        // ok: SOL-INTEGER-OVERFLOW
        q1[msg.sender] = n * v;
    }
}
