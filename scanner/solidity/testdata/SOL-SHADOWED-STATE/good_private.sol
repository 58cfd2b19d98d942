pragma solidity ^0.8.0;

contract Base {
    string private _name;
}

contract Child is Base {
    // ok: SOL-SHADOWED-STATE
    string private _name;
}
