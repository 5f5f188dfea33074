//! Building every slice of a game up to a number of pieces into a directory, resumably: a slice
//! whose file is already there (and checks) is loaded instead of built.

use crate::error::EgdbError;
use crate::game::TableRules;
use crate::material::Slice;
use crate::memory::Known;
use crate::place::game_dir;
use crate::slice_builder::{build_slice, slice_size, verify_slice};
use crate::store::{load_slice, write_slice};
use dama_engine::english::English;
use dama_engine::italian::Italian;
use dama_engine::tables::TableGame;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most pieces the builder accepts. Its in-group method keeps every king move of a group as
/// an edge; the largest 7-piece group (four kings against three, 236 M positions, about 3 G
/// edges) would need some 30 GB, so 7 pieces needs a predecessor generator first (docs/egdb.md).
pub const MAX_BUILD_PIECES: u32 = 6;

/// Distances are stored up to this many pieces unless asked otherwise (they make the files ten
/// times larger).
pub const DEFAULT_DISTANCE_PIECES: u32 = 5;

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The table directory: each game's files go in its place there ([`game_dir`]: the Italian
    /// ones in the directory itself, the English ones in its `english` subdirectory).
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
    if !(2..=MAX_BUILD_PIECES).contains(&options.pieces) {
        return Err(EgdbError::Unsupported(format!(
            "tables can be built for 2 to {MAX_BUILD_PIECES} pieces, not {}",
            options.pieces
        )));
    }
    let dir = game_dir(&options.dir, R::GAME);
    let order = Slice::build_order(options.pieces);
    report(BuildEvent::Plan {
        slices: order.len(),
        positions: order.iter().map(|&s| slice_size(s)).sum(),
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
        let positions = slice_size(slice);
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
        report(BuildEvent::Started { slice, positions });
        let started = Instant::now();
        progress.store(0, std::sync::atomic::Ordering::Relaxed);
        let tables = build_slice::<R>(slice, &known, progress)?;
        let solved = started.elapsed();
        verify_slice::<R>(&tables, &known)?;
        let verified = started.elapsed();
        let (_, bytes) =
            write_slice(&dir, &tables, slice.material().pieces() <= options.distance_pieces)?;
        log::debug!(
            "{slice}: solve {:.2} s, verify {:.2} s, write {:.2} s",
            solved.as_secs_f64(),
            (verified - solved).as_secs_f64(),
            (started.elapsed() - verified).as_secs_f64()
        );
        known.insert(Arc::new(tables));
        report(BuildEvent::Written { slice, positions, bytes, elapsed: started.elapsed() });
    }
    Ok(())
}
