use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod book {
    use super::*;

    pub fn push(ctx: Context<Push>, order: u64) -> Result<()> {
        // ruleid: RS-SOL-UNWRAP-ACCOUNT-DATA
        let mut book = ctx.accounts.book.load_mut().unwrap();
        let n = book.len as usize;
        book.orders[n % 64] = order;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Push<'info> {
    pub trader: Signer<'info>,
    #[account(mut)]
    pub book: AccountLoader<'info, Book>,
}

#[account(zero_copy)]
pub struct Book {
    pub len: u64,
    pub orders: [u64; 64],
}
