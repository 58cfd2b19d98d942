use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod points {
    use super::*;

    pub fn transfer(ctx: Context<TransferPoints>, amount: u64) -> Result<()> {
        ctx.accounts.from.balance = ctx.accounts.from.balance.checked_sub(amount).unwrap();
        ctx.accounts.to.balance = ctx.accounts.to.balance.checked_add(amount).unwrap();
        Ok(())
    }
}

#[derive(Accounts)]
pub struct TransferPoints<'info> {
    pub owner: Signer<'info>,
    #[account(mut, has_one = owner)]
    pub from: Account<'info, Points>,
    #[account(mut, constraint = to.key() != from.key() @ PointsError::SameAccount)]
    // ok: RS-SOL-DUPLICATE-MUT
    pub to: Account<'info, Points>,
}

#[account]
pub struct Points {
    pub owner: Pubkey,
    pub balance: u64,
}

#[error_code]
pub enum PointsError {
    SameAccount,
}
