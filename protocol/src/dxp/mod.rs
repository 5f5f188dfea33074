//! `dama dxp`: the DamExchange protocol (DXP, version 01) over TCP, for International draughts.
//!
//! The pieces, one idea each: [`message`] (the messages and their text) and [`parse`] (reading
//! them), [`game`] (a game under the rules, its clock, moves and positions as the messages carry
//! them).

pub mod game;
pub mod message;
pub mod parse;
