//! # dama-egdb
pub mod error;
pub mod index;
pub mod material;
pub mod memory;
pub mod slice_builder;
mod solve;
pub mod value;
