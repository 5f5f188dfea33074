//! `dama egdb build`: every table of a game with 2 to N pieces, with a progress bar per slice and
//! overall.

use super::location::label;
use clap::Args;
use dama_egdb::{build_game, build_one_game, BuildEvent, BuildOptions, Slice};
use dama_egdb::{default_dir, game_dir};
use dama_egdb::{DEFAULT_DISTANCE_PIECES, MAX_BUILD_PIECES};
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Arguments of `dama egdb build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The game: italian, english, international, russian or brazilian (their tables go in the
    /// table directory and in its subdirectory of the game's name, `english`, `international`, ...).
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// Build every table with 2 to this many pieces.
    #[arg(long, required_unless_present = "slice", conflicts_with = "slice", value_parser = clap::value_parser!(u32).range(2..=MAX_BUILD_PIECES as i64))]
    pieces: Option<u32>,
    /// Build this one slice only (e.g. m2k1-m1k0, as `dama egdb slices` names them), when the
    /// slices it needs are in the directory; the file is the one a whole build writes.
    #[arg(long, value_name = "NAME")]
    slice: Option<String>,
    /// The table directory (default: the cache directory that probing uses).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Worker threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Store distances (plies to the end) in the tables with up to this many pieces; larger
    /// tables hold values only (0: values only everywhere).
    #[arg(long, default_value_t = DEFAULT_DISTANCE_PIECES)]
    distance_pieces: u32,
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// Takes the build lock of the table directory `root`, waiting (and saying so) while another
/// process builds there.
fn lock_directory(root: &std::path::Path) -> Result<dama_egdb::lock::BuildLock, String> {
    let mut said = false;
    loop {
        match dama_egdb::lock::try_lock(root) {
            Ok(Some(lock)) => return Ok(lock),
            Ok(None) if !said => {
                said = true;
                tell!("another process is building tables in {}: waiting for it", root.display());
            }
            Ok(None) => {}
            Err(e) => return Err(format!("cannot lock {}: {e}", root.display())),
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// Runs `dama egdb build`.
pub fn run(args: &BuildArgs) -> Result<(), String> {
    let game = args.variant.table_game();
    let root = args.dir.clone().unwrap_or_else(default_dir);
    let dir = game_dir(&root, game);
    let slice: Option<Slice> = match &args.slice {
        Some(name) => Some(name.parse().map_err(|e| format!("--slice: {e}"))?),
        None => None,
    };
    let pieces = match slice {
        Some(slice) => slice.material().pieces(),
        None => args.pieces.expect("clap requires --pieces without --slice"),
    };
    let options = BuildOptions { dir: root.clone(), pieces, distance_pieces: args.distance_pieces };
    // A whole build holds the directory's lock, as a build on first use does: one build at a
    // time in a directory. (One slice is built alone: the cluster builds a level's slices side by
    // side, each file written whole and renamed.)
    let _lock = match slice {
        Some(_) => None,
        None => Some(lock_directory(&root)?),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?;
    let bars = MultiProgress::new();
    let overall = bars.add(ProgressBar::new(0));
    overall.set_style(style("all    [{elapsed_precise}] {wide_bar} {pos}/{len} slices"));
    let current = bars.add(ProgressBar::new(0));
    current.set_style(style("{msg:>14} {wide_bar} {percent:>3}% eta {eta}"));
    let progress = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let started = Instant::now();
    let (mut built, mut loaded, mut bytes) = (0, 0, 0u64);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                current.set_position(progress.load(Ordering::Relaxed));
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let result = pool.install(|| {
            let mut report = |event| match event {
                BuildEvent::Plan { slices, .. } => overall.set_length(slices as u64),
                BuildEvent::Started { slice, positions } => {
                    current.set_message(slice.to_string());
                    current.set_length(positions);
                    current.set_position(0);
                }
                BuildEvent::Loaded { .. } => {
                    loaded += 1;
                    overall.inc(1);
                }
                BuildEvent::Written { slice, positions, bytes: size, elapsed } => {
                    built += 1;
                    bytes += size;
                    overall.inc(1);
                    bars.suspend(|| {
                        log::info!(
                            "{slice}: {positions} positions, {size} bytes, {:.2} s",
                            elapsed.as_secs_f64()
                        )
                    });
                }
            };
            match slice {
                Some(slice) => {
                    build_one_game(game, &root, slice, args.distance_pieces, &progress, &mut report)
                }
                None => build_game(game, &options, &progress, &mut report),
            }
        });
        done.store(true, Ordering::Relaxed);
        result
    });
    current.finish_and_clear();
    overall.finish_and_clear();
    result.map_err(|e| e.to_string())?;
    let total: u64 = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter(|e| e.path().extension().is_some_and(|x| x == "egdb"))
                .filter_map(|e| e.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0);
    if let Some(slice) = slice {
        say!(
            "{}slice {slice} in {}: {}; {:.1} s",
            label(game),
            dir.display(),
            if built == 1 { format!("built ({bytes} bytes)") } else { "already there".to_string() },
            started.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    say!(
        "{}tables up to {} pieces in {}: {built} slices built ({bytes} bytes), {loaded} already there; {total} bytes on disk; {:.1} s",
        label(game),
        pieces,
        dir.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
