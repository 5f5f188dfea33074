//! # dama-egdb
pub mod index;
pub mod material;
