pragma solidity ^0.4.24;

contract Ponzi {
    address[] creditors;
    uint[] amounts;

    function lend() public payable {
        creditors.push(msg.sender);
        amounts.push(msg.value);
    }

    function crash() public {
        // ruleid: SOL-DOS-UNBOUNDED-ARRAY
        creditors = new address[](0);
        // ruleid: SOL-DOS-UNBOUNDED-ARRAY
        delete amounts;
    }
}
