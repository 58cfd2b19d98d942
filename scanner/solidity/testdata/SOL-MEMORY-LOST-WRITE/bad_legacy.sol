pragma solidity ^0.4.24;

/// 0.4 betting game: the bet is marked paid in memory only.
contract Dice {
    struct Bet {
        uint amount;
        uint8 guess;
        bool paid;
    }

    mapping(address => Bet) bets;
    Bet[] history;

    function payout() public {
        // ruleid: SOL-MEMORY-LOST-WRITE
        Bet memory b = bets[msg.sender];
        require(!b.paid);
        b.paid = true;
        msg.sender.transfer(b.amount * 2);
    }

    function reset(uint i) public {
        // ruleid: SOL-MEMORY-LOST-WRITE
        Bet memory h;
        h = history[i];
        delete h.amount;
        h.guess = 0;
    }
}
