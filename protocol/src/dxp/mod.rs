//! `dama dxp`: the DamExchange protocol (DXP, version 01) over TCP, for International draughts.
//!
//! The pieces, one idea each: [`message`] (the messages and their text) and [`parse`] (reading
//! them).

pub mod message;
pub mod parse;
