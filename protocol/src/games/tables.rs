//! Opening a game's endgame tables for a session: those of a table directory, or of the default
//! directory if it holds any (a session never builds tables: a GUI or a browser would wait).

use dama_egdb::{EgdbError, SearchedTables, TableGame, Tablebase};
use dama_engine::tables::EndgameTables;
use std::path::Path;
use std::sync::Arc;

/// The game `R`'s endgame tables as its search probes them: those in `dir` (an error if they
/// cannot be opened, or if the directory holds only another game's tables), else those of the
/// default directory if it holds any, limited to `pieces`; `None` when there are none or
/// `pieces` is 0. Each game's tables have their place in a table directory
/// ([`dama_egdb::game_dir`]) and each file says its game, so a game never probes another's.
///
/// One exception: International draughts, given a directory that holds only 8x8 tables, is
/// searched without tables, as before it had any (no error), so that a GUI may name one
/// directory for every game.
pub fn open_tables<R: SearchedTables>(
    dir: Option<&Path>,
    pieces: u32,
) -> Result<Option<Arc<dyn EndgameTables<R::Position>>>, String> {
    if pieces == 0 {
        return Ok(None);
    }
    let game = R::GAME;
    let mut tables = match dir {
        Some(dir) => match Tablebase::open_game(dir, game) {
            Ok(tables) => tables,
            Err(EgdbError::OtherGame { found, .. }) if game == TableGame::International => {
                log::info!("no {game} tables in {} (only {found} tables)", dir.display());
                return Ok(None);
            }
            Err(e) => return Err(format!("'{}': {e}", dir.display())),
        },
        None => match Tablebase::open_game(&dama_egdb::default_dir(), game) {
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
    Ok(Some(R::searched(tables)))
}
