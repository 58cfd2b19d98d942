pragma solidity ^0.4.19;

contract Roulette {
    uint public secret;
    address public owner;

    struct Game {
        address player;
        uint number;
    }

    function play(uint number) public payable {
        // ruleid: SOL-UNINIT-STORAGE-POINTER
        Game game;
        game.player = msg.sender;
        game.number = number;
    }
}
