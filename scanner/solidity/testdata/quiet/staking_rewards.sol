// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Staking rewards in the shape audited ones take: reward per token
// accrued over time, an update modifier, a guard, rewards funded by the
// owner. Written for this test.

interface IERC20 {
    function transfer(address, uint256) external returns (bool);
    function transferFrom(address, address, uint256) external returns (bool);
}

contract StakingRewards {
    IERC20 public immutable stakeToken;
    IERC20 public immutable rewardToken;
    address public owner;
    uint256 public rewardRate;
    uint256 public periodFinish;
    uint256 public lastUpdate;
    uint256 public rewardPerTokenStored;
    uint256 public totalStaked;
    mapping(address => uint256) public staked;
    mapping(address => uint256) public paidPerToken;
    mapping(address => uint256) public rewards;
    uint256 private status = 1;

    modifier guard() {
        require(status == 1, "REENTRANT");
        status = 2;
        _;
        status = 1;
    }

    modifier update(address a) {
        rewardPerTokenStored = rewardPerToken();
        lastUpdate = lastApplicable();
        if (a != address(0)) {
            rewards[a] = earned(a);
            paidPerToken[a] = rewardPerTokenStored;
        }
        _;
    }

    constructor(IERC20 s, IERC20 r) {
        stakeToken = s;
        rewardToken = r;
        owner = msg.sender;
    }

    function lastApplicable() public view returns (uint256) {
        return block.timestamp < periodFinish ? block.timestamp : periodFinish;
    }

    function rewardPerToken() public view returns (uint256) {
        if (totalStaked == 0) return rewardPerTokenStored;
        return rewardPerTokenStored + (lastApplicable() - lastUpdate) * rewardRate * 1e18 / totalStaked;
    }

    function earned(address a) public view returns (uint256) {
        return staked[a] * (rewardPerToken() - paidPerToken[a]) / 1e18 + rewards[a];
    }

    function stake(uint256 amount) external guard update(msg.sender) {
        require(amount > 0, "ZERO");
        totalStaked += amount;
        staked[msg.sender] += amount;
        require(stakeToken.transferFrom(msg.sender, address(this), amount), "IN");
    }

    function withdraw(uint256 amount) public guard update(msg.sender) {
        require(amount > 0, "ZERO");
        totalStaked -= amount;
        staked[msg.sender] -= amount;
        require(stakeToken.transfer(msg.sender, amount), "OUT");
    }

    function getReward() public guard update(msg.sender) {
        uint256 r = rewards[msg.sender];
        if (r > 0) {
            rewards[msg.sender] = 0;
            require(rewardToken.transfer(msg.sender, r), "OUT");
        }
    }

    function notifyReward(uint256 amount, uint256 duration) external update(address(0)) {
        require(msg.sender == owner, "OWNER");
        require(rewardToken.transferFrom(msg.sender, address(this), amount), "IN");
        if (block.timestamp >= periodFinish) {
            rewardRate = amount / duration;
        } else {
            uint256 leftover = (periodFinish - block.timestamp) * rewardRate;
            rewardRate = (amount + leftover) / duration;
        }
        lastUpdate = block.timestamp;
        periodFinish = block.timestamp + duration;
    }
}
