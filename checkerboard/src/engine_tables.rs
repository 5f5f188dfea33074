//! The engine's endgame tables: CheckerBoard's `dbpath` and `max_dbpieces`, and until
//! CheckerBoard names a directory the default one, whose small tables are built in the
//! background on first use (`dama_egdb::first_use`).

use super::Engine;
use crate::game::CbGame;
use dama_egdb::first_use;
use dama_engine::tables::EndgameTables;
use std::path::{Path, PathBuf};
use std::sync::Arc;

impl<G: CbGame> Engine<G> {
    /// The endgame table directory, if set.
    pub fn db_path(&self) -> Option<&PathBuf> {
        self.db_path.as_ref()
    }

    /// The most pieces probed.
    pub fn db_pieces(&self) -> u32 {
        self.db_pieces
    }

    /// The default directory's tables, opened when the searcher is first made and again when
    /// more have been completed there (a background build on first use, which the first call
    /// asks for); nothing once CheckerBoard has named a directory.
    pub(super) fn refresh_default_tables(&mut self) {
        let Some(watch) = &self.default_tables else { return };
        if !self.default_stale && !watch.moved() {
            return;
        }
        self.default_stale = false;
        let root = dama_egdb::default_dir();
        if self.db_pieces > 0 {
            first_use::ensure(&root, G::GAME);
        }
        watch.mark();
        self.tables = Self::open_tables(&root, self.db_pieces).unwrap_or(None);
        if let Some(searcher) = &mut self.searcher {
            searcher.set_endgame_tables(self.tables.clone());
        }
    }

    /// Opens the tables of `dir` (an empty path turns them off).
    pub fn set_db_path(&mut self, dir: &str) -> Result<(), String> {
        let dir = dir.trim();
        if dir.is_empty() {
            self.db_path = None;
            self.tables = None;
        } else {
            let path = PathBuf::from(dir);
            let tables = Self::open_tables(&path, self.db_pieces)?;
            self.db_path = Some(path);
            self.tables = tables;
        }
        self.default_tables = None;
        if let Some(searcher) = &mut self.searcher {
            searcher.set_endgame_tables(self.tables.clone());
        }
        Ok(())
    }

    /// Limits the tables to `pieces` (0 turns them off).
    pub fn set_db_pieces(&mut self, pieces: u32) -> Result<(), String> {
        if pieces > 32 {
            return Err("max_dbpieces must be 0 to 32".to_string());
        }
        self.db_pieces = pieces;
        // The default directory's tables are opened again, so limited, before the next search.
        self.default_stale = true;
        if let Some(path) = self.db_path.clone() {
            self.tables = Self::open_tables(&path, pieces)?;
            if let Some(searcher) = &mut self.searcher {
                searcher.set_endgame_tables(self.tables.clone());
            }
        }
        Ok(())
    }

    fn open_tables(dir: &Path, pieces: u32) -> Result<Option<Arc<dyn EndgameTables>>, String> {
        if pieces == 0 {
            return Ok(None);
        }
        let mut tables = dama_egdb::Tablebase::open_game(dir, G::GAME)
            .map_err(|e| format!("endgame tables in '{}': {e}", dir.display()))?;
        tables.limit_pieces(pieces);
        Ok(Some(Arc::new(tables)))
    }

    /// A description of the tables in use.
    pub fn tables_text(&self) -> String {
        match (&self.db_path, &self.tables) {
            (Some(path), Some(_)) => {
                format!("{} (up to {} pieces)", path.display(), self.db_pieces)
            }
            (Some(path), None) => format!("{} (off: max_dbpieces 0)", path.display()),
            (None, Some(_)) if self.default_tables.is_some() => format!(
                "{} (the default directory, up to {} pieces)",
                dama_egdb::default_dir().display(),
                self.db_pieces
            ),
            _ => "none".to_string(),
        }
    }
}
