pragma solidity ^0.4.24;

// Anyone can join (paying or not); paying everyone out loops over all who
// joined, so enough entries make the payout exceed the block gas limit.
contract C60 {
    address[] q1;
    uint256[] q2;
    address q3;
    mapping(address => uint256) q4;

    function C60() public {
        q3 = msg.sender;
    }

    function g1() public payable {
        require(msg.value >= 0.1 ether);
        q1.push(msg.sender);
    }

    function g2(uint256 v) public {
        h1(v);
    }

    function h1(uint256 v) internal {
        q2.push(v);
    }

    function g3() public {
        require(msg.sender == q3);
        // ruleid: SOL-DOS-UNBOUNDED-ARRAY
        for (uint256 i = 0; i < q1.length; i++) {
            q1[i].transfer(0.19 ether);
        }
    }

    function g4() public {
        uint256 i = 0;
        // ruleid: SOL-DOS-UNBOUNDED-ARRAY
        while (i < q2.length) {
            q4[msg.sender] += q2[i];
            i++;
        }
    }
}
