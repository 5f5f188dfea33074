//! Building every slice of a game up to a number of pieces into a directory, resumably: a slice
//! whose file is already there (and checks) is loaded instead of built.

use crate::error::EgdbError;
use crate::game::TableRules;
use crate::geometry::Geometry;
use crate::material::Slice;
use crate::memory::{Known, SliceTables};
use crate::place::game_dir;
use crate::slice_builder::{build_slice, slice_size, verify_slice};
use crate::store::{load_slice, write_slice};
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::tables::TableGame;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most pieces the builder accepts (for the 8x8 games; [`max_build_pieces`] says each
/// game's). Its in-group method keeps every king move of a group as an edge; the largest 7-piece
/// group (four kings against three, 236 M positions, about 3 G edges) would need some 30 GB, so 7
/// pieces needs a predecessor generator first (docs/egdb.md).
pub const MAX_BUILD_PIECES: u32 = 6;

/// The most pieces the builder accepts for `game`: [`MAX_BUILD_PIECES`] for the 8x8 games, 5 for
/// International draughts, whose 6-piece tables (49.5 G indexes, slices of up to 4.3 G, a group
/// of four kings against two of 476 M positions) would need some 12 GB and 15 hours of one core.
pub const fn max_build_pieces(game: TableGame) -> u32 {
    match game {
        TableGame::Italian | TableGame::English => MAX_BUILD_PIECES,
        TableGame::International | TableGame::Russian | TableGame::Brazilian => 5,
    }
}

/// The refusal of `pieces` pieces for `game` (`what` says what was asked), if it is one.
fn check_pieces(game: TableGame, pieces: u32, what: &str) -> Result<(), EgdbError> {
    let most = max_build_pieces(game);
    if (2..=most).contains(&pieces) {
        return Ok(());
    }
    let why = match game {
        TableGame::International if pieces > most => {
            " (its 6-piece tables would need some 12 GB of memory and 15 hours of one core)"
        }
        _ => "",
    };
    Err(EgdbError::Unsupported(format!(
        "{game} tables can be built for 2 to {most} pieces, not {what}{why}"
    )))
}

/// Distances are stored up to this many pieces unless asked otherwise (they make the files ten
/// times larger).
pub const DEFAULT_DISTANCE_PIECES: u32 = 5;

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The table directory: each game's files go in its place there ([`game_dir`]: the Italian
    /// ones in the directory itself, the English and International ones in its `english` and
    /// `international` subdirectories).
    pub dir: PathBuf,
    /// Every slice with 2 to this many pieces.
    pub pieces: u32,
    /// Store distances (one byte per position besides the two-bit values) in the slices with
    /// up to this many pieces; larger slices hold values only.
    pub distance_pieces: u32,
}

/// What the builder reports as it goes.
#[derive(Clone, Debug)]
pub enum BuildEvent {
    /// The plan: how many slices and positions (holes of the index included).
    Plan {
        /// Slices to go through.
        slices: usize,
        /// Their indexes, all together.
        positions: u64,
    },
    /// A slice starts building; `progress` counts its positions from zero.
    Started {
        /// The slice.
        slice: Slice,
        /// Its indexes.
        positions: u64,
    },
    /// A slice was found complete on disk and loaded.
    Loaded {
        /// The slice.
        slice: Slice,
        /// Its indexes.
        positions: u64,
    },
    /// A slice was built, verified and written.
    Written {
        /// The slice.
        slice: Slice,
        /// Its indexes.
        positions: u64,
        /// The file size.
        bytes: u64,
        /// Time to build, verify and write it.
        elapsed: Duration,
    },
}

/// Builds one slice of `game` into the game's place in `dir` when the slices it needs are there
/// ([`build_one`] with the game's rules).
pub fn build_one_game(
    game: TableGame,
    dir: &std::path::Path,
    slice: Slice,
    distance_pieces: u32,
    progress: &AtomicU64,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<(), EgdbError> {
    match game {
        TableGame::Italian => build_one::<Italian>(dir, slice, distance_pieces, progress, report),
        TableGame::English => build_one::<English>(dir, slice, distance_pieces, progress, report),
        TableGame::International => {
            build_one::<International>(dir, slice, distance_pieces, progress, report)
        }
        TableGame::Russian => build_one::<Russian>(dir, slice, distance_pieces, progress, report),
        TableGame::Brazilian => {
            build_one::<Brazilian>(dir, slice, distance_pieces, progress, report)
        }
    }
}

/// Builds one slice of the game `R` into the game's place in `dir`, loading only the slices it
/// needs ([`Slice::dependencies`]), which must be there: otherwise nothing is built and the
/// error names the missing ones. A slice already there (and passing its checks) is left as it
/// is ([`BuildEvent::Loaded`]). The file is the one a whole build writes, byte for byte, so
/// the slices of one level can be built by separate processes or machines.
pub fn build_one<R: TableRules>(
    dir: &std::path::Path,
    slice: Slice,
    distance_pieces: u32,
    progress: &AtomicU64,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<(), EgdbError> {
    let pieces = slice.material().pieces();
    check_pieces(R::GAME, pieces, &format!("{pieces} ({slice})"))?;
    let dir = game_dir(dir, R::GAME);
    let positions = slice_size(slice, Geometry::of(R::GAME));
    report(BuildEvent::Plan { slices: 1, positions });
    let path = dir.join(slice.file_name());
    if path.exists() {
        match load_slice(&path, R::GAME) {
            Ok(_) => {
                report(BuildEvent::Loaded { slice, positions });
                return Ok(());
            }
            Err(e @ EgdbError::WrongGame { .. }) => return Err(e),
            Err(e) => log::warn!("{e}; building it again"),
        }
    }
    let needed = slice.dependencies();
    let missing: Vec<Slice> =
        needed.iter().copied().filter(|s| !dir.join(s.file_name()).exists()).collect();
    if !missing.is_empty() {
        return Err(EgdbError::MissingDependencies { game: R::GAME, slice, missing, dir });
    }
    let mut known = Known::new(R::GAME);
    for dependency in needed {
        known.insert(Arc::new(load_slice(&dir.join(dependency.file_name()), R::GAME)?));
    }
    build_and_write::<R>(&dir, slice, &known, pieces <= distance_pieces, progress, report)?;
    Ok(())
}

/// Builds, verifies and writes one slice whose successors are all in `known`; returns its
/// tables.
fn build_and_write<R: TableRules>(
    dir: &std::path::Path,
    slice: Slice,
    known: &Known,
    distances: bool,
    progress: &AtomicU64,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<SliceTables, EgdbError> {
    let positions = slice_size(slice, Geometry::of(R::GAME));
    report(BuildEvent::Started { slice, positions });
    let started = Instant::now();
    progress.store(0, std::sync::atomic::Ordering::Relaxed);
    let tables = build_slice::<R>(slice, known, progress)?;
    let solved = started.elapsed();
    verify_slice::<R>(&tables, known)?;
    let verified = started.elapsed();
    let (_, bytes) = write_slice(dir, &tables, distances)?;
    log::debug!(
        "{slice}: solve {:.2} s, verify {:.2} s, write {:.2} s",
        solved.as_secs_f64(),
        (verified - solved).as_secs_f64(),
        (started.elapsed() - verified).as_secs_f64()
    );
    report(BuildEvent::Written { slice, positions, bytes, elapsed: started.elapsed() });
    Ok(tables)
}

/// Builds (or loads) every slice of `game` up to `options.pieces`: [`build`] with the game's
/// rules.
pub fn build_game(
    game: TableGame,
    options: &BuildOptions,
    progress: &AtomicU64,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<(), EgdbError> {
    match game {
        TableGame::Italian => build::<Italian>(options, progress, report),
        TableGame::English => build::<English>(options, progress, report),
        TableGame::International => build::<International>(options, progress, report),
        TableGame::Russian => build::<Russian>(options, progress, report),
        TableGame::Brazilian => build::<Brazilian>(options, progress, report),
    }
}

/// Builds (or loads) every slice of the game `R` up to `options.pieces` into the game's place in
/// `options.dir`, calling `report` at each step; `progress` counts the positions solved in the
/// slice being built. Memory holds every smaller slice and, of the largest, those with as many
/// men as the slice being built or one fewer.
pub fn build<R: TableRules>(
    options: &BuildOptions,
    progress: &AtomicU64,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<(), EgdbError> {
    check_pieces(R::GAME, options.pieces, &options.pieces.to_string())?;
    let dir = game_dir(&options.dir, R::GAME);
    let order = Slice::build_order(options.pieces);
    report(BuildEvent::Plan {
        slices: order.len(),
        positions: order.iter().map(|&s| slice_size(s, Geometry::of(R::GAME))).sum(),
    });
    let mut known = Known::new(R::GAME);
    let mut held: Vec<Slice> = Vec::new();
    for slice in order {
        // A slice with the most pieces is needed only by the slices with one man more (its
        // promotions); once those are reached, its memory is freed.
        let men = slice.material().men();
        held.retain(|s| {
            let m = s.material();
            let needed = m.pieces() < options.pieces || m.men() + 1 >= men;
            if !needed {
                known.remove(*s);
            }
            needed
        });
        held.push(slice);
        let positions = slice_size(slice, Geometry::of(R::GAME));
        let path = dir.join(slice.file_name());
        if path.exists() {
            match load_slice(&path, R::GAME) {
                Ok(tables) => {
                    known.insert(Arc::new(tables));
                    report(BuildEvent::Loaded { slice, positions });
                    continue;
                }
                // Another game's file is not ours to overwrite: the directory is the wrong one.
                Err(e @ EgdbError::WrongGame { .. }) => return Err(e),
                Err(e) => log::warn!("{e}; building it again"),
            }
        }
        let distances = slice.material().pieces() <= options.distance_pieces;
        let tables = build_and_write::<R>(&dir, slice, &known, distances, progress, report)?;
        known.insert(Arc::new(tables));
    }
    Ok(())
}
