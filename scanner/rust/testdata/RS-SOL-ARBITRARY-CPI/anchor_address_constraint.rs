use anchor_lang::prelude::*;
use anchor_spl::token::{self, Burn, Mint, TokenAccount};

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod burner {
    use super::*;

    pub fn burn(ctx: Context<BurnTokens>, amount: u64) -> Result<()> {
        let accounts = Burn {
            mint: ctx.accounts.mint.to_account_info(),
            from: ctx.accounts.from.to_account_info(),
            authority: ctx.accounts.owner.to_account_info(),
        };
        // ok: RS-SOL-ARBITRARY-CPI
        token::burn(CpiContext::new(ctx.accounts.token_program.to_account_info(), accounts), amount)
    }

    pub fn burn_checked_in_body(ctx: Context<BurnTokensUnpinned>, amount: u64) -> Result<()> {
        require_keys_eq!(ctx.accounts.token_program.key(), token::ID);
        let accounts = Burn {
            mint: ctx.accounts.mint.to_account_info(),
            from: ctx.accounts.from.to_account_info(),
            authority: ctx.accounts.owner.to_account_info(),
        };
        // ok: RS-SOL-ARBITRARY-CPI
        token::burn(CpiContext::new(ctx.accounts.token_program.to_account_info(), accounts), amount)
    }
}

#[derive(Accounts)]
pub struct BurnTokens<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub mint: Account<'info, Mint>,
    #[account(mut)]
    pub from: Account<'info, TokenAccount>,
    /// CHECK: pinned by address
    #[account(address = token::ID)]
    pub token_program: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct BurnTokensUnpinned<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub mint: Account<'info, Mint>,
    #[account(mut)]
    pub from: Account<'info, TokenAccount>,
    /// CHECK: checked in the handler
    pub token_program: UncheckedAccount<'info>,
}
