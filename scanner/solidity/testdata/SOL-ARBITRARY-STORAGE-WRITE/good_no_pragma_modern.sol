// No version pragma and nothing dated: a modern compiler, where arrays
// only grow by push and shrink by pop.
contract K502 {
    uint256[] q1;

    function f1(uint256 v) external {
        q1.push(v);
    }

    function f2() external {
        // ok: SOL-ARBITRARY-STORAGE-WRITE
        q1.pop();
    }

    function f3(uint256 k, uint256 v) external {
        // ok: SOL-ARBITRARY-STORAGE-WRITE
        q1[k] = v;
    }
}
