pragma solidity ^0.8.19;

// Pulls the caller authorised: from the caller, from this contract, by an
// owner, from a stored order's maker, after the account's permit, for an
// operator the account approved, or under the account's signature.
interface I23 {
    function transferFrom(address a, address b, uint256 v) external returns (bool);
    function permit(address o, address s, uint256 v, uint256 d, uint8 pv, bytes32 r, bytes32 ss) external;
}

contract C223 {
    struct O23 {
        address m;
        uint256 v;
    }

    I23 internal t23;
    address internal w23;
    mapping(uint256 => O23) internal o23;
    mapping(address => mapping(address => bool)) internal p23;
    mapping(address => uint256) public n23;

    constructor() {
        w23 = msg.sender;
    }

    function f1(address b, uint256 v) external {
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(msg.sender, b, v);
    }

    function f2(address b, uint256 v) external {
        address me = msg.sender;
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(me, b, v);
    }

    function f3(address a, address b, uint256 v) external {
        require(msg.sender == w23);
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(a, b, v);
    }

    function f4(uint256 id) external {
        O23 memory o = o23[id];
        delete o23[id];
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(o.m, msg.sender, o.v);
    }

    function f5(address a, uint256 v, uint256 d, uint8 pv, bytes32 r, bytes32 s) external {
        t23.permit(a, address(this), v, d, pv, r, s);
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(a, address(this), v);
    }

    function f6(address a, address b, uint256 v) external {
        require(p23[a][msg.sender], "not an operator");
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(a, b, v);
    }

    function f7(address a, address b, uint256 v, uint8 pv, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(a, b, v, n23[a]++, address(this), block.chainid));
        require(ecrecover(h, pv, r, s) == a, "bad signature");
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(a, b, v);
    }

    function f8(address b, uint256 v) external {
        // ok: SOL-ARBITRARY-FROM
        t23.transferFrom(address(this), b, v);
    }
}
