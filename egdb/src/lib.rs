//! # dama-egdb
//!
//! Endgame databases for Dama's three games, Dama Italiana and English draughts on the 8x8
//! board and International draughts on the 10x10 ([`Geometry`]): for every position with few
//! pieces, its value for the side to move under perfect play (win, loss or draw) and the
//! distance to the end of the game in plies. Built by retrograde analysis over the game's own
//! move generator ([`TableRules`]), stored two bits per position (plus an optional distance
//! byte) in zstd-compressed blocks, probed through memory maps. The move counts and
//! repetitions are not part of the values (the standard convention of endgame databases).
//!
//! ```
//! use dama_egdb::{build, BuildOptions, TableGame, Tablebase, Value};
//! use dama_engine::board8::fen::parse_fen;
//! use dama_engine::english::English;
//! use dama_engine::international::International;
//! use dama_engine::italian::Italian;
//! use std::sync::atomic::AtomicU64;
//!
//! let dir = std::env::temp_dir().join(format!("dama-egdb-doc-{}", std::process::id()));
//! let options = BuildOptions { dir: dir.clone(), pieces: 3, distance_pieces: 3 };
//! build::<Italian>(&options, &AtomicU64::new(0), &mut |_| {}).unwrap();
//! let tables = Tablebase::open(&dir).unwrap();
//! // Two kings against one: the side with two kings wins.
//! let probe = tables.probe(&parse_fen("W:WK1,K3:BK32").unwrap()).unwrap();
//! assert_eq!(probe.value, Value::Win);
//! // English draughts: its tables go in the `english` subdirectory.
//! build::<English>(&options, &AtomicU64::new(0), &mut |_| {}).unwrap();
//! let tables = Tablebase::open_game(&dir, TableGame::English).unwrap();
//! let probe = tables.probe(&parse_fen("W:WK19,K23:BK32").unwrap()).unwrap();
//! assert_eq!(probe.value, Value::Win);
//! // International draughts: in the `international` subdirectory, probed with its positions.
//! build::<International>(&options, &AtomicU64::new(0), &mut |_| {}).unwrap();
//! let tables = Tablebase::open_game(&dir, TableGame::International).unwrap();
//! // Both kings on the long diagonal, White's in the corner: every move stays within reach.
//! let position = dama_engine::international::parse_fen("W:WK46:BK5").unwrap();
//! let probe = tables.probe_game::<International>(&position).unwrap();
//! assert_eq!((probe.value, probe.plies), (Value::Loss, Some(2)));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```
//!
//! Modules, from the bottom up: [`value`] (values and the distance byte), [`material`]
//! (materials, slices and their order), [`geometry`] (the boards, and a position as square
//! masks), [`game`] (the games: their rules, their positions as masks and their mark in a
//! file), [`index`] (the dense index of a material on a board), `unmove` (flying kings taken
//! back), `solve` and [`slice_builder`] (retrograde analysis and the check of a slice),
//! [`store`] (the file format), [`place`] (each game's place in a table directory),
//! [`build`](mod@build) (all slices into a directory, resumably), [`probe`] (the prober),
//! [`location`] (the default directory).

pub mod build;
mod cache;
pub mod error;
pub mod first_use;
pub mod game;
pub mod geometry;
pub mod index;
pub mod location;
pub mod lock;
pub mod mark;
pub mod material;
pub mod memory;
pub mod place;
pub mod probe;
pub mod slice_builder;
mod solve;
pub mod store;
mod unmove;
pub mod value;

pub use build::{
    build, build_game, build_one, build_one_game, max_build_pieces, BuildEvent, BuildOptions,
    DEFAULT_DISTANCE_PIECES, MAX_BUILD_PIECES,
};
pub use dama_engine::tables::TableGame;
pub use error::EgdbError;
pub use first_use::{first_use_builds, first_use_pieces, FirstUse};
pub use game::TableRules;
pub use geometry::{Board, Geometry};
pub use location::default_dir;
pub use material::{Material, Slice};
pub use place::game_dir;
pub use probe::{Probe, SearchedTables, Tablebase};
pub use value::{Code, Value};
