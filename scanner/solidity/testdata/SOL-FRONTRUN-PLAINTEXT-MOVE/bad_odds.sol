pragma solidity ^0.4.24;

contract OddsEvens {
    struct Player {
        address addr;
        uint number;
    }
    Player[2] public players;
    uint8 tot;

    function play(uint number) public payable {
        require(msg.value == 1 ether);
        // ruleid: SOL-FRONTRUN-PLAINTEXT-MOVE
        players[tot] = Player(msg.sender, number);
        tot++;
        if (tot == 2) settle();
    }

    function settle() private {
        uint n = players[0].number + players[1].number;
        if (n % 2 == 0) {
            players[0].addr.transfer(2 ether);
        } else {
            players[1].addr.transfer(2 ether);
        }
        tot = 0;
    }
}
