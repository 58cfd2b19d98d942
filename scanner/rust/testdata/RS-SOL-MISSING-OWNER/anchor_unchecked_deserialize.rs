use anchor_lang::prelude::*;
use anchor_spl::token::spl_token;
use anchor_lang::solana_program::program_pack::Pack;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod rewards {
    use super::*;

    pub fn claim(ctx: Context<Claim>) -> Result<()> {
        // ruleid: RS-SOL-MISSING-OWNER
        let stake = spl_token::state::Account::unpack(&ctx.accounts.stake_account.try_borrow_data()?)?;
        require_keys_eq!(stake.owner, ctx.accounts.user.key());
        ctx.accounts.ledger.claimed += stake.amount / 100;
        Ok(())
    }

    pub fn claim_checked(ctx: Context<ClaimChecked>) -> Result<()> {
        // ok: RS-SOL-MISSING-OWNER
        let stake = spl_token::state::Account::unpack(&ctx.accounts.stake_account.try_borrow_data()?)?;
        require_keys_eq!(stake.owner, ctx.accounts.user.key());
        ctx.accounts.ledger.claimed += stake.amount / 100;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Claim<'info> {
    pub user: Signer<'info>,
    /// CHECK: parsed by hand
    pub stake_account: AccountInfo<'info>,
    #[account(mut)]
    pub ledger: Account<'info, Ledger>,
}

#[derive(Accounts)]
pub struct ClaimChecked<'info> {
    pub user: Signer<'info>,
    /// CHECK: owner pinned to the token program
    #[account(owner = spl_token::ID)]
    pub stake_account: UncheckedAccount<'info>,
    #[account(mut)]
    pub ledger: Account<'info, Ledger>,
}

#[account]
pub struct Ledger {
    pub claimed: u64,
}
