//! The session's tables: freeing a replaced transposition table without making the GUI wait,
//! and opening the endgame tables the settings name.

use super::params::Settings;
use dama_egdb::{EgdbError, TableGame, TableRules, Tablebase};
use dama_engine::search::{Searcher, TranspositionTable};

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

/// `game`'s endgame tables the settings ask for: those in the table directory `egdb-path` (an
/// error if they cannot be opened, or if the directory holds only another game's tables, except
/// for International draughts, which is then searched without tables), else
/// those of the default directory if it holds any (the Hub never builds tables: a GUI would
/// wait), limited to `egdb-pieces`; `None` when there are none or `egdb-pieces` is 0. Each game's
/// tables have their place in a table directory ([`dama_egdb::game_dir`]) and each file says its
/// game, so a game never probes another's.
pub fn open_tables(settings: &Settings, game: TableGame) -> Result<Option<Tablebase>, String> {
    if settings.egdb_pieces == 0 {
        return Ok(None);
    }
    let mut tables = match &settings.egdb_path {
        Some(dir) => match Tablebase::open_game(dir, game) {
            Ok(tables) => tables,
            // A table directory of the 8x8 games only: International draughts is searched
            // without tables, as before it had any (a GUI may name one directory for every
            // game).
            Err(EgdbError::OtherGame { found, .. }) if game == TableGame::International => {
                log::info!("no {game} tables in {} (only {found} tables)", dir.display());
                return Ok(None);
            }
            Err(e) => return Err(format!("set-param: egdb-path '{}': {e}", dir.display())),
        },
        None => match Tablebase::open_game(&dama_egdb::default_dir(), game) {
            Ok(tables) => tables,
            Err(_) => return Ok(None),
        },
    };
    tables.limit_pieces(settings.egdb_pieces);
    log::info!(
        "{game} endgame tables {} up to {} pieces",
        tables.dir().display(),
        tables.max_pieces()
    );
    Ok(Some(tables))
}

/// Gives the searcher of the game `R` the game's endgame tables the settings ask for
/// ([`open_tables`]).
pub fn attach_tables<R: TableRules>(
    searcher: &mut Searcher<R>,
    settings: &Settings,
) -> Result<(), String> {
    let tables = open_tables(settings, R::GAME)?;
    searcher.set_endgame_tables(tables.map(R::searched));
    Ok(())
}
