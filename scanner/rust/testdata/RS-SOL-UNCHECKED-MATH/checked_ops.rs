use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod vault {
    use super::*;

    pub fn deposit(ctx: Context<Update>, amount: u64) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        // ok: RS-SOL-UNCHECKED-MATH
        vault.total = vault.total.checked_add(amount).ok_or(VaultError::Overflow)?;
        // ok: RS-SOL-UNCHECKED-MATH
        vault.deposits = vault.deposits.saturating_add(1);
        // ok: RS-SOL-UNCHECKED-MATH
        vault.visits += 1;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Update<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub vault: Account<'info, Vault>,
}

#[account]
pub struct Vault {
    pub total: u64,
    pub deposits: u64,
    pub visits: u64,
}

#[error_code]
pub enum VaultError {
    Overflow,
}
