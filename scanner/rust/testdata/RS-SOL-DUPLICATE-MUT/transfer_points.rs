use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod points {
    use super::*;

    pub fn transfer(ctx: Context<TransferPoints>, amount: u64) -> Result<()> {
        let from_balance = ctx.accounts.from.balance.checked_sub(amount).unwrap();
        let to_balance = ctx.accounts.to.balance.checked_add(amount).unwrap();
        ctx.accounts.from.balance = from_balance;
        ctx.accounts.to.balance = to_balance;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct TransferPoints<'info> {
    pub owner: Signer<'info>,
    #[account(mut, has_one = owner)]
    pub from: Account<'info, Points>,
    #[account(mut)]
    // ruleid: RS-SOL-DUPLICATE-MUT
    pub to: Account<'info, Points>,
}

#[account]
pub struct Points {
    pub owner: Pubkey,
    pub balance: u64,
}
