// No version pragma: a struct local without a data location only
// compiles before 0.5, where it points at slot 0.
contract K503 {
    address o;
    uint256 s1;

    struct S1 {
        uint256 a;
        uint256 b;
    }

    function K503() public {
        o = msg.sender;
    }

    function f1(uint256 x) public payable {
        // ruleid: SOL-UNINIT-STORAGE-POINTER
        S1 v;
        v.a = x;
        v.b = msg.value;
    }
}
