// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A lending market in the shape audited ones take: interest accrual by
// index, collateral factors from a Chainlink feed checked for staleness,
// a reentrancy guard, liquidations that refuse self-liquidation. Written
// for this test.

interface IERC20 {
    function transfer(address, uint256) external returns (bool);
    function transferFrom(address, address, uint256) external returns (bool);
}

interface IFeed {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

contract Market {
    IERC20 public immutable asset;
    IFeed public immutable feed;
    address public admin;
    uint256 public borrowIndex = 1e18;
    uint256 public lastAccrual;
    uint256 public ratePerSecond;
    uint256 public totalBorrows;
    uint256 public collateralFactor = 0.75e18;
    mapping(address => uint256) public supplied;
    mapping(address => uint256) public borrowed;
    mapping(address => uint256) public borrowIndexOf;
    uint256 private entered = 1;

    modifier nonReentrant() {
        require(entered == 1, "REENTRANT");
        entered = 2;
        _;
        entered = 1;
    }

    modifier onlyAdmin() {
        require(msg.sender == admin, "ADMIN");
        _;
    }

    constructor(IERC20 a, IFeed f) {
        asset = a;
        feed = f;
        admin = msg.sender;
        lastAccrual = block.timestamp;
    }

    function setRate(uint256 r) external onlyAdmin {
        require(r < 1e12, "RATE");
        accrue();
        ratePerSecond = r;
    }

    function accrue() public {
        uint256 dt = block.timestamp - lastAccrual;
        if (dt == 0) return;
        uint256 factor = ratePerSecond * dt;
        totalBorrows += totalBorrows * factor / 1e18;
        borrowIndex += borrowIndex * factor / 1e18;
        lastAccrual = block.timestamp;
    }

    function price() public view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData();
        require(answer > 0, "PRICE");
        require(block.timestamp - updatedAt < 1 hours, "STALE");
        return uint256(answer);
    }

    function debtOf(address a) public view returns (uint256) {
        if (borrowIndexOf[a] == 0) return 0;
        return borrowed[a] * borrowIndex / borrowIndexOf[a];
    }

    function healthy(address a, uint256 extraDebt) public view returns (bool) {
        uint256 limit = supplied[a] * price() / 1e8 * collateralFactor / 1e18;
        return debtOf(a) + extraDebt <= limit;
    }

    function supply(uint256 amount) external nonReentrant {
        accrue();
        require(asset.transferFrom(msg.sender, address(this), amount), "IN");
        supplied[msg.sender] += amount;
    }

    function withdraw(uint256 amount) external nonReentrant {
        accrue();
        supplied[msg.sender] -= amount;
        require(healthy(msg.sender, 0), "UNHEALTHY");
        require(asset.transfer(msg.sender, amount), "OUT");
    }

    function borrow(uint256 amount) external nonReentrant {
        accrue();
        require(healthy(msg.sender, amount), "UNHEALTHY");
        borrowed[msg.sender] = debtOf(msg.sender) + amount;
        borrowIndexOf[msg.sender] = borrowIndex;
        totalBorrows += amount;
        require(asset.transfer(msg.sender, amount), "OUT");
    }

    function repay(uint256 amount) external nonReentrant {
        accrue();
        uint256 debt = debtOf(msg.sender);
        uint256 paid = amount > debt ? debt : amount;
        require(asset.transferFrom(msg.sender, address(this), paid), "IN");
        borrowed[msg.sender] = debt - paid;
        borrowIndexOf[msg.sender] = borrowIndex;
        totalBorrows -= paid;
    }

    function liquidate(address borrower, uint256 amount) external nonReentrant {
        require(borrower != msg.sender, "SELF");
        accrue();
        require(!healthy(borrower, 0), "HEALTHY");
        uint256 debt = debtOf(borrower);
        require(amount <= debt / 2, "CLOSE_FACTOR");
        require(asset.transferFrom(msg.sender, address(this), amount), "IN");
        uint256 seize = amount * 108 / 100;
        uint256 fromBal = supplied[borrower];
        uint256 toBal = supplied[msg.sender];
        supplied[borrower] = fromBal - seize;
        supplied[msg.sender] = toBal + seize;
        borrowed[borrower] = debt - amount;
        borrowIndexOf[borrower] = borrowIndex;
        totalBorrows -= amount;
    }
}
