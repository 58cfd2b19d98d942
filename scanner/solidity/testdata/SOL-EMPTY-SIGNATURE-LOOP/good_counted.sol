pragma solidity ^0.8.0;

// The number of signatures is bounded below, or the valid ones are
// counted and the count compared with a threshold after the loop.
contract C82 {
    mapping(address => bool) q1;
    mapping(address => uint256) q2;
    uint256 q3;
    address q4;

    constructor() {
        q4 = msg.sender;
    }

    function f1(bytes32 h, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s, uint256 x) external {
        require(v.length >= q3 && q3 > 0, "few");
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < v.length; i++) {
            require(q1[ecrecover(h, v[i], r[i], s[i])]);
        }
        q2[msg.sender] += x;
    }

    function f2(bytes32 h, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s, uint256 x) external {
        uint256 n;
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < v.length; i++) {
            if (q1[ecrecover(h, v[i], r[i], s[i])]) {
                n++;
            }
        }
        require(n >= q3, "quorum");
        q2[msg.sender] += x;
    }

    function f3(bytes32 h, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s, uint256 x) external {
        uint256 m = v.length;
        if (m == 0) revert();
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < v.length; i++) {
            require(q1[ecrecover(h, v[i], r[i], s[i])]);
        }
        q2[msg.sender] += x;
    }

    // The caller is checked before the loop; the signatures add to it.
    function f4(bytes32 h, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s, uint256 x) external {
        require(msg.sender == q4);
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < v.length; i++) {
            require(q1[ecrecover(h, v[i], r[i], s[i])]);
        }
        q2[msg.sender] += x;
    }

    // One signature is required outside the loop; the loop checks more.
    function f5(bytes32 h, uint8 v0, bytes32 r0, bytes32 s0, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s) external {
        require(ecrecover(h, v0, r0, s0) == q4);
        // ok: SOL-EMPTY-SIGNATURE-LOOP
        for (uint256 i = 0; i < v.length; i++) {
            require(q1[ecrecover(h, v[i], r[i], s[i])]);
        }
        q3 += 1;
    }
}
