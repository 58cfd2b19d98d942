package economic

// attackPaths are the steps an attacker takes against each detector's
// finding, for the explanation of an economic analysis.
var attackPaths = map[string][]string{
	"ECON-SPOT-PRICE-ORACLE": {
		"Take a flash loan of one of the pool's tokens.",
		"Swap it into the pool the contract reads, moving its reserves (and so the spot price) as far as the loan allows.",
		"Call the contract while the price is skewed: borrow against inflated collateral, mint at the wrong rate or trigger liquidations.",
		"Swap back to restore the pool and repay the loan in the same transaction, keeping the difference.",
	},
	"ECON-ORACLE-STALE-PRICE": {
		"Wait for the feed to stop updating (a paused or deprecated aggregator, a sequencer outage, a volatile market beyond the heartbeat) or to report a bad value.",
		"Act on the stale price while the market has moved: borrow against collateral valued at the old price, or avoid a due liquidation.",
		"Withdraw the proceeds before the feed resumes.",
	},
	"ECON-FLASH-CALLBACK-UNCHECKED": {
		"Call the callback directly, or start a flash loan from the lender naming this contract as the receiver.",
		"Pass calldata of the attacker's choosing, so the callback runs its logic (swaps, approvals, repayments) on the attacker's terms.",
		"Drain the contract's tokens or the approvals it grants to the lender.",
	},
	"ECON-SPOT-BALANCE-POWER": {
		"Borrow the governance or reward token in a flash loan.",
		"Call the function that records the caller's current balance as votes, points or shares.",
		"Return the tokens in the same transaction: the recorded power stays.",
	},
	"ECON-ZERO-SLIPPAGE": {
		"Watch the mempool for the swap (a public harvest or rebalance anyone can trigger).",
		"Buy the output token just before it, moving the price against the swap.",
		"Let the swap execute at the worse price, then sell right after it and keep the difference.",
	},
	"ECON-DEADLINE-TIMESTAMP": {
		"Hold the signed transaction (a validator or builder who sees it).",
		"Include it later, when the price has moved in the holder's favour; block.timestamp always satisfies the deadline, and no block reaches the largest integer.",
	},
	"ECON-VAULT-SHARE-INFLATION": {
		"Be the first depositor: deposit one wei and receive one share.",
		"Transfer a large amount of the asset straight to the vault, raising its balance without minting shares.",
		"Wait for victims' deposits, which now round down to zero shares.",
		"Redeem the single share for the whole balance, victims' deposits included.",
	},
	"ECON-FEE-ON-TRANSFER-ACCOUNTING": {
		"Deposit a token that takes a fee on transfer (or rebases down).",
		"The contract credits the full requested amount while it received less.",
		"Withdraw the credited amount, paid out of other users' deposits; repeat until the contract cannot pay the last ones.",
	},
}

// AttackPath returns the attack steps for a detector's finding, nil for
// an unknown id.
func AttackPath(id string) []string { return attackPaths[id] }

// CategoryLabel is the category's name in prose.
func CategoryLabel(cat string) string {
	switch cat {
	case CategoryFlashLoan:
		return "flash loan"
	case CategoryOracleMEV:
		return "oracle and MEV"
	case CategoryDeFi:
		return "DeFi accounting"
	}
	return cat
}
