use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod staking {
    use super::*;

    pub fn stake(ctx: Context<Stake>, amount: u64) -> Result<()> {
        let accounts = Transfer {
            from: ctx.accounts.from.to_account_info(),
            to: ctx.accounts.vault.to_account_info(),
            authority: ctx.accounts.owner.to_account_info(),
        };
        // ruleid: RS-SOL-ARBITRARY-CPI
        let cpi = CpiContext::new(ctx.accounts.token_program.to_account_info(), accounts);
        token::transfer(cpi, amount)
    }

    pub fn stake_typed(ctx: Context<StakeTyped>, amount: u64) -> Result<()> {
        let accounts = Transfer {
            from: ctx.accounts.from.to_account_info(),
            to: ctx.accounts.vault.to_account_info(),
            authority: ctx.accounts.owner.to_account_info(),
        };
        // ok: RS-SOL-ARBITRARY-CPI
        let cpi = CpiContext::new(ctx.accounts.token_program.to_account_info(), accounts);
        token::transfer(cpi, amount)
    }
}

#[derive(Accounts)]
pub struct Stake<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub from: Account<'info, TokenAccount>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    /// CHECK: the token program
    pub token_program: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct StakeTyped<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub from: Account<'info, TokenAccount>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}
