//! The tables a command uses, and the small tables built on first use.
//!
//! The default directory is [`dama_egdb::default_dir`]. When the default
//! directory lacks the tables up to [`AUTO_PIECES`] pieces, they are built there on first use
//! (a few seconds); an explicitly named directory is used as it is.

use dama_egdb::{build, default_dir, BuildOptions, Tablebase};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// The tables built without asking on first use.
pub const AUTO_PIECES: u32 = 4;

/// Opens the tables of `dir` (the default directory when `None`, building the small tables
/// there first when they are missing).
pub fn open(dir: Option<&PathBuf>) -> Result<Tablebase, String> {
    let (dir, automatic) = match dir {
        Some(dir) => (dir.clone(), false),
        None => (default_dir(), true),
    };
    if automatic {
        let complete =
            Tablebase::open(&dir).map(|t| t.max_pieces() >= AUTO_PIECES).unwrap_or(false);
        if !complete {
            let started = Instant::now();
            tell!(
                "building the endgame tables up to {AUTO_PIECES} pieces into {} (first use)",
                dir.display()
            );
            let options = BuildOptions {
                dir: dir.clone(),
                pieces: AUTO_PIECES,
                distance_pieces: AUTO_PIECES,
            };
            build(&options, &AtomicU64::new(0), &mut |_| {}).map_err(|e| e.to_string())?;
            tell!("built in {:.1} s", started.elapsed().as_secs_f64());
        }
    } else if !dir.is_dir() {
        return Err(format!(
            "no table directory {}; build tables with `dama egdb build --pieces N --dir {}`",
            dir.display(),
            dir.display()
        ));
    }
    Tablebase::open(&dir).map_err(|e| e.to_string())
}

/// The tables for a search of a position with `pieces` pieces: those of `dir` when named (an
/// error if they cannot be opened); otherwise those of the default directory, built there first
/// when the position is small enough to need them, and none when there are none.
pub fn for_search(dir: Option<&PathBuf>, pieces: u32) -> Result<Option<Tablebase>, String> {
    if dir.is_some() || pieces <= AUTO_PIECES {
        return open(dir).map(Some);
    }
    Ok(Tablebase::open(&default_dir()).ok())
}
