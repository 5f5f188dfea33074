//! The tables a command uses, and the small tables built on first use.
//!
//! The table directory is the one the command names, else [`dama_egdb::default_dir`]; each
//! game has its place in it ([`dama_egdb::game_dir`]: the Italian tables in the directory
//! itself, the others in its subdirectory of the game's name: `english`, `international`,
//! `russian`, `brazilian`). When the default directory lacks a game's tables up to
//! [`auto_pieces`] pieces, they are built there on first use (a few seconds); an explicitly
//! named directory is used as it is.

use dama_egdb::{
    build_game, default_dir, first_use_builds, game_dir, BuildOptions, FirstUse, TableGame,
    Tablebase,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// The tables of `game` that `dama egdb probe` and `dama analyze` of a position that small build
/// in the foreground when they are missing: up to 4 pieces for the 8x8 games (5-10 s on one
/// core), up to 3 for International draughts (its 4-piece tables take some 40 s), and never more
/// than `DAMA_EGDB_BUILD=N` allows. The rest of the first-use tables come in the background
/// ([`dama_egdb::first_use`]).
pub fn auto_pieces(game: TableGame) -> u32 {
    let most = match game {
        TableGame::Italian | TableGame::English | TableGame::Russian | TableGame::Brazilian => 4,
        TableGame::International => 3,
    };
    FirstUse::from_env().pieces(game).map_or(most, |n| n.min(most))
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
        let pieces = auto_pieces(game);
        let complete =
            Tablebase::open_game(&dir, game).map(|t| t.max_pieces() >= pieces).unwrap_or(false);
        if !complete && !first_use_builds() {
            return Err(format!(
                "no {}endgame tables up to {pieces} pieces in {}, and building them on first use \
                 is off (DAMA_EGDB_BUILD); build them with {}",
                label(game),
                game_dir(&dir, game).display(),
                build_command(game, &dir)
            ));
        }
        if !complete {
            let started = Instant::now();
            tell!(
                "building the {}endgame tables up to {pieces} pieces into {} (first use)",
                label(game),
                game_dir(&dir, game).display()
            );
            let options = BuildOptions { dir: dir.clone(), pieces, distance_pieces: pieces };
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
/// first when the position is small enough to need them (unless building on first use is off),
/// and none when there are none.
pub fn for_search(
    dir: Option<&PathBuf>,
    pieces: u32,
    game: TableGame,
) -> Result<Option<Tablebase>, String> {
    if dir.is_some() || (pieces <= auto_pieces(game) && first_use_builds()) {
        return open(dir, game).map(Some);
    }
    Ok(Tablebase::open_game(&default_dir(), game).ok())
}
