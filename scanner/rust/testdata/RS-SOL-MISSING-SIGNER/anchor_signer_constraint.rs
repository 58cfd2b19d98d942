use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod pool {
    use super::*;

    pub fn close_pool(ctx: Context<ClosePool>) -> Result<()> {
        ctx.accounts.pool.open = false;
        Ok(())
    }

    pub fn sync(ctx: Context<Sync>) -> Result<()> {
        ctx.accounts.pool.synced_at = Clock::get()?.unix_timestamp;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct ClosePool<'info> {
    #[account(mut, has_one = manager)]
    pub pool: Account<'info, Pool>,
    /// CHECK: must sign
    #[account(signer)]
    // ok: RS-SOL-MISSING-SIGNER
    pub manager: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct Sync<'info> {
    #[account(mut, has_one = oracle)]
    pub pool: Account<'info, Pool>,
    /// CHECK: a PDA of this program, derived from the pool
    #[account(seeds = [b"oracle", pool.key().as_ref()], bump)]
    // ok: RS-SOL-MISSING-SIGNER
    pub oracle: UncheckedAccount<'info>,
    pub cranker: Signer<'info>,
}

#[account]
pub struct Pool {
    pub manager: Pubkey,
    pub oracle: Pubkey,
    pub open: bool,
    pub synced_at: i64,
}
