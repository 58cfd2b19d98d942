use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod oracle_reader {
    use super::*;

    pub fn read(ctx: Context<Read>) -> Result<()> {
        let data = ctx.accounts.feed.try_borrow_data()?;
        // ruleid: RS-SOL-TYPE-COSPLAY
        let feed = PriceFeed::try_deserialize_unchecked(&mut &data[..])?;
        msg!("price {}", feed.price);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Read<'info> {
    /// CHECK: deserialised by hand
    #[account(owner = crate::ID)]
    pub feed: UncheckedAccount<'info>,
}

#[account]
pub struct PriceFeed {
    pub price: u64,
}
