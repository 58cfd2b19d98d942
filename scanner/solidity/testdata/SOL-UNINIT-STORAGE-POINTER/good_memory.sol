pragma solidity ^0.4.24;

contract Roulette {
    struct Game {
        address player;
        uint number;
    }
    Game[] games;

    function play(uint number) public {
        // ok: SOL-UNINIT-STORAGE-POINTER
        Game memory game;
        game.player = msg.sender;
        game.number = number;
        games.push(game);
        // ok: SOL-UNINIT-STORAGE-POINTER
        Game storage last = games[games.length - 1];
        last.number = 0;
    }
}
