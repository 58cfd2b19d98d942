pragma solidity ^0.4.24;

/// 0.4 voting: a finished proposal is deleted with its votes still recorded.
contract Ballot {
    struct Proposal {
        string title;
        uint yes;
        mapping(address => bool) voted;
    }

    Proposal[] proposals;
    mapping(uint => Proposal) archived;

    function drop(uint id) public {
        Proposal storage p = proposals[id];
        require(p.yes == 0);
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete proposals[id];
    }

    function f1(uint q1) public {
        // ruleid: SOL-DELETE-MAPPING-STRUCT
        delete archived[q1];
    }
}
