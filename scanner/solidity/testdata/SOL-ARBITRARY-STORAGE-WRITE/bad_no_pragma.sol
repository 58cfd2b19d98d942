// No version pragma: the length assignment itself only compiles before
// 0.6, where it resizes the array over all of storage.
contract K501 {
    address o;
    uint256[] q1;

    function f1(uint256 k, uint256 v) public {
        // ruleid: SOL-ARBITRARY-STORAGE-WRITE
        q1.length = k + 1;
        // ruleid: SOL-ARBITRARY-STORAGE-WRITE
        q1[k] = v;
    }
}
