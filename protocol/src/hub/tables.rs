//! The session's tables: freeing a replaced transposition table without making the GUI wait,
//! and opening the endgame tables the settings name.

use super::params::Settings;
use dama_egdb::SearchedTables;
use dama_engine::search::TranspositionTable;
use dama_engine::tables::EndgameTables;
use std::sync::Arc;

/// Frees a replaced transposition table. A large one that has been used takes a noticeable time
/// to hand back to the operating system (about 60 ms per GiB), so it goes on a thread of its own
/// and `ping` is answered meanwhile.
pub fn dispose(table: TranspositionTable) {
    const FREE_IN_PLACE_BYTES: usize = 64 << 20;
    if table.size_bytes() <= FREE_IN_PLACE_BYTES {
        return;
    }
    let spawned = std::thread::Builder::new().name("hub-free-table".into()).spawn(move || {
        drop(table);
    });
    if let Err(e) = spawned {
        log::warn!("cannot start a thread to free the old table: {e}");
    }
}

/// The game `R`'s endgame tables the settings ask for ([`crate::games::open_tables`] of
/// `egdb-path` and `egdb-pieces`).
pub fn open_tables<R: SearchedTables>(
    settings: &Settings,
) -> Result<Option<Arc<dyn EndgameTables<R::Position>>>, String> {
    crate::games::open_tables::<R>(settings.egdb_path.as_deref(), settings.egdb_pieces)
        .map_err(|e| format!("set-param: egdb-path {e}"))
}
