//! Opening a game's endgame tables for a session: those of a table directory, or of the default
//! directory, where the small tables are built on first use in the background
//! ([`dama_egdb::first_use`]): a session never waits for them, and takes each level of them as
//! it completes ([`TableSource::refresh`]).

use dama_egdb::{first_use, EgdbError, SearchedTables, TableGame, Tablebase};
use dama_engine::tables::EndgameTables;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The tables of a game as a session uses them.
pub type Tables<R> = Option<Arc<dyn EndgameTables<<R as dama_engine::rules::Rules>::Position>>>;

/// Where a session's tables come from, to open them again when more are built.
#[derive(Debug)]
pub struct TableSource {
    /// The table directory named, or `None` for the default one.
    pub dir: Option<PathBuf>,
    /// The most pieces probed (0: no tables).
    pub pieces: u32,
    /// Whether the default directory's missing small tables are built in the background.
    pub first_use: bool,
    /// When the tables were last opened.
    opened: first_use::Watch,
}

impl TableSource {
    /// Tables from `dir` (the default directory when `None`) up to `pieces`, the default
    /// directory's small tables built on first use when `first_use` says so (and
    /// `DAMA_EGDB_BUILD` does not turn it off).
    pub fn new(dir: Option<&Path>, pieces: u32, first_use: bool) -> TableSource {
        let opened = first_use::Watch::new();
        TableSource { dir: dir.map(Path::to_path_buf), pieces, first_use, opened }
    }

    /// Opens the game `R`'s tables from this source, asking for the first-use build first
    /// when the source is the default directory (it starts in the background and returns at
    /// once: what is complete now is opened now, the rest at a later [`TableSource::refresh`]).
    pub fn open<R: SearchedTables>(&self) -> Result<Tables<R>, String> {
        if self.dir.is_none() && self.first_use && self.pieces > 0 {
            first_use::ensure(&dama_egdb::default_dir(), R::GAME);
        }
        self.opened.mark();
        open_tables::<R>(self.dir.as_deref(), self.pieces)
    }

    /// The tables opened again if the default directory has gained some since they were
    /// opened; `None` when nothing changed (or when reopening failed: the old ones stay).
    pub fn refresh<R: SearchedTables>(&self) -> Option<Tables<R>> {
        if self.dir.is_some() || self.pieces == 0 || !self.opened.moved() {
            return None;
        }
        match self.open::<R>() {
            Ok(tables) => Some(tables),
            Err(e) => {
                log::warn!("{e}");
                None
            }
        }
    }
}

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
