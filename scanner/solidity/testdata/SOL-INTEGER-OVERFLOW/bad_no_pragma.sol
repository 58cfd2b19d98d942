// No version pragma: throw and var only compile before 0.5, so the
// arithmetic wraps.
contract K505 {
    mapping(address => uint256) q1;

    function f1(address to, uint256 v) public {
        if (q1[msg.sender] < v) throw;
        q1[msg.sender] -= v;
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[to] += v;
    }

    function f2(uint256 v) public {
        var n = q1[msg.sender];
        // ruleid: SOL-INTEGER-OVERFLOW
        q1[msg.sender] = n * v;
    }
}
