//! The tables a command uses, and the small tables built on first use.
//!
//! The table directory is the one the command names, else [`dama_egdb::default_dir`]; each
//! game has its place in it ([`dama_egdb::game_dir`]: the Italian tables in the directory
//! itself, the English ones in its `english` subdirectory). When the default directory lacks a
//! game's tables up to [`AUTO_PIECES`] pieces, they are built there on first use (a few
//! seconds); an explicitly named directory is used as it is.

use dama_egdb::{build_game, default_dir, game_dir, BuildOptions, TableGame, Tablebase};
use dama_engine::variant::Variant;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// The tables built without asking on first use.
pub const AUTO_PIECES: u32 = 4;

/// The tables of `--variant`, or why the game has none.
pub fn table_game(variant: Variant) -> Result<TableGame, String> {
    variant.table_game().ok_or_else(|| {
        format!(
            "{} has no endgame tables (there are tables for italian and english)",
            variant.title()
        )
    })
}

/// The command that builds `game`'s tables into `dir`, for messages.
pub fn build_command(game: TableGame, dir: &Path) -> String {
    let variant = match game {
        TableGame::Italian => String::new(),
        other => format!(" --variant {}", other.name()),
    };
    format!("`dama egdb build{variant} --pieces N --dir {}`", dir.display())
}

/// The game's name before "tables" in messages: none for Italian, the first game.
pub fn label(game: TableGame) -> String {
    match game {
        TableGame::Italian => String::new(),
        other => format!("{other} "),
    }
}

/// Opens `game`'s tables in the table directory `dir` (the default directory when `None`,
/// building the small tables there first when they are missing).
pub fn open(dir: Option<&PathBuf>, game: TableGame) -> Result<Tablebase, String> {
    let (dir, automatic) = match dir {
        Some(dir) => (dir.clone(), false),
        None => (default_dir(), true),
    };
    if automatic {
        let complete = Tablebase::open_game(&dir, game)
            .map(|t| t.max_pieces() >= AUTO_PIECES)
            .unwrap_or(false);
        if !complete {
            let started = Instant::now();
            tell!(
                "building the {}endgame tables up to {AUTO_PIECES} pieces into {} (first use)",
                label(game),
                game_dir(&dir, game).display()
            );
            let options = BuildOptions {
                dir: dir.clone(),
                pieces: AUTO_PIECES,
                distance_pieces: AUTO_PIECES,
            };
            build_game(game, &options, &AtomicU64::new(0), &mut |_| {})
                .map_err(|e| e.to_string())?;
            tell!("built in {:.1} s", started.elapsed().as_secs_f64());
        }
    } else if !dir.is_dir() {
        return Err(format!(
            "no table directory {}; build tables with {}",
            dir.display(),
            build_command(game, &dir)
        ));
    }
    let tables = Tablebase::open_game(&dir, game).map_err(|e| e.to_string())?;
    if !automatic && !game_dir(&dir, game).is_dir() {
        return Err(format!(
            "no {game} tables in {} (their place is {}); build them with {}",
            dir.display(),
            game_dir(&dir, game).display(),
            build_command(game, &dir)
        ));
    }
    Ok(tables)
}

/// `game`'s tables for a search of a position with `pieces` pieces: those of `dir` when named
/// (an error if they cannot be opened); otherwise those of the default directory, built there
/// first when the position is small enough to need them, and none when there are none.
pub fn for_search(
    dir: Option<&PathBuf>,
    pieces: u32,
    game: TableGame,
) -> Result<Option<Tablebase>, String> {
    if dir.is_some() || pieces <= AUTO_PIECES {
        return open(dir, game).map(Some);
    }
    Ok(Tablebase::open_game(&default_dir(), game).ok())
}
