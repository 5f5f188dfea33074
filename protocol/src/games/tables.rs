//! Opening a game's endgame tables for a session: those of a table directory, or of the default
//! directory if it holds any (a session never builds tables: a GUI or a browser would wait).

use dama_egdb::TableGame;
use dama_engine::tables::EndgameTables;
use std::path::Path;
use std::sync::Arc;

/// `game`'s endgame tables: those in `dir` (an error if they cannot be opened, or if the
/// directory holds only another game's tables), else those of the default directory if it holds
/// any, limited to `pieces`; `None` when there are none or `pieces` is 0. Each game's tables
/// have their place in a table directory ([`dama_egdb::game_dir`]) and each file says its game,
/// so a game never probes another's.
pub fn open_tables(
    dir: Option<&Path>,
    pieces: u32,
    game: TableGame,
) -> Result<Option<Arc<dyn EndgameTables>>, String> {
    if pieces == 0 {
        return Ok(None);
    }
    let mut tables = match dir {
        Some(dir) => dama_egdb::Tablebase::open_game(dir, game)
            .map_err(|e| format!("'{}': {e}", dir.display()))?,
        None => match dama_egdb::Tablebase::open_game(&dama_egdb::default_dir(), game) {
            Ok(tables) => tables,
            Err(_) => return Ok(None),
        },
    };
    tables.limit_pieces(pieces);
    log::info!(
        "{game} endgame tables {} up to {} pieces",
        tables.dir().display(),
        tables.max_pieces()
    );
    Ok(Some(Arc::new(tables)))
}
