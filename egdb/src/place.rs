//! Where each game's tables are in a table directory, and which game a directory's files hold.
//!
//! A table directory holds the Dama Italiana tables in itself, where they have always been, the
//! English draughts tables in its `english` subdirectory and the International draughts tables
//! in its `international` subdirectory ([`game_dir`]). The files say their
//! game too (the header's mark, [`crate::mark::mark`]): [`game_in`] reads it from the first file
//! of a directory, so that a directory of the other game's tables is named as such in messages
//! rather than read as empty.

use crate::mark::game_of_mark;
use crate::store::MAGIC;
use dama_engine::tables::TableGame;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Where `game`'s tables live in the table directory `root`: the Italian tables in `root`, the
/// others in the subdirectory named after the game (`root/english`, `root/international`).
pub fn game_dir(root: &Path, game: TableGame) -> PathBuf {
    match game {
        TableGame::Italian => root.to_path_buf(),
        other => root.join(other.name()),
    }
}

/// The table files (`*.egdb`) directly in `dir`, by name; none when `dir` cannot be read.
pub fn table_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "egdb"))
        .collect();
    files.sort();
    files
}

/// The game of the table files directly in `dir`: the mark in the header of the first one whose
/// header reads (the files are checked in full when they are opened); `None` when there is none.
pub fn game_in(dir: &Path) -> Option<TableGame> {
    table_files(dir).iter().find_map(|path| {
        let mut header = [0u8; 32];
        std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut header)).ok()?;
        if &header[..8] != MAGIC {
            return None;
        }
        game_of_mark(u32::from_le_bytes(header[28..32].try_into().ok()?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_has_its_place() {
        let root = Path::new("/tables");
        assert_eq!(game_dir(root, TableGame::Italian), root);
        assert_eq!(game_dir(root, TableGame::English), root.join("english"));
        assert_eq!(game_dir(root, TableGame::International), root.join("international"));
    }

    #[test]
    fn a_directory_says_its_game() {
        let dir = std::env::temp_dir().join(format!("dama-egdb-place-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(game_in(&dir), None);
        assert_eq!(game_in(&dir.join("none")), None);
        let mut header = [0u8; 32];
        header[..8].copy_from_slice(MAGIC);
        std::fs::write(dir.join("a.egdb"), b"short").unwrap();
        std::fs::write(dir.join("b.txt"), header).unwrap();
        assert_eq!(game_in(&dir), None);
        header[28] = 1;
        std::fs::write(dir.join("c.egdb"), header).unwrap();
        assert_eq!(game_in(&dir), Some(TableGame::English));
        assert_eq!(table_files(&dir).len(), 2);
        header[28] = 2;
        std::fs::write(dir.join("a.egdb"), header).unwrap();
        assert_eq!(game_in(&dir), Some(TableGame::International));
        std::fs::remove_dir_all(&dir).ok();
    }
}
