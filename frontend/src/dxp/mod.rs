//! The DamExchange protocol (DXP, version 01) as text on the wire, shared by the two programs of
//! Dama that speak it: `dama dxp` (a follower or an initiator) and the match runner (an initiator
//! refereeing a DXP engine). [`message`] holds the messages as typed values and writes them,
//! [`parse`] reads them strictly, [`framing`] cuts a byte stream into messages at each NUL, [`address`] reads `[HOST:]PORT`.

pub mod address;
pub mod framing;
pub mod message;
pub mod parse;
