use anchor_lang::prelude::*;
use anchor_spl::token::TokenAccount;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod pools {
    use super::*;

    pub fn rebalance(ctx: Context<Rebalance>) -> Result<()> {
        let half = ctx.accounts.left.reserve / 2;
        ctx.accounts.left.reserve -= half;
        ctx.accounts.right.reserve += half;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Rebalance<'info> {
    pub admin: Signer<'info>,
    #[account(mut, seeds = [b"pool", b"left"], bump)]
    pub left: Account<'info, Pool>,
    // ok: RS-SOL-DUPLICATE-MUT
    #[account(mut, seeds = [b"pool", b"right"], bump)]
    pub right: Account<'info, Pool>,
    #[account(mut)]
    pub user_token: Account<'info, TokenAccount>,
    // ok: RS-SOL-DUPLICATE-MUT
    #[account(mut)]
    pub vault_token: Account<'info, TokenAccount>,
}

#[account]
pub struct Pool {
    pub reserve: u64,
}
