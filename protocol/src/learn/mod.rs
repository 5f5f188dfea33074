//! `dama selfplay`, `dama selfplay-merge`, `dama relabel` and `dama tune`: the learned evaluation's pipeline
//! (docs/learning.md), on the crate `dama-learn`. [`run`] is the one entry point; the commands
//! stand at the top of the command line.

/// `$run::<G>($args)` for the game `G` of the variant `$variant`: the commands' one dispatch.
macro_rules! for_variant {
    ($variant:expr, $run:ident, $args:expr) => {
        match $variant {
            dama_engine::variant::Variant::Italian => $run::<dama_engine::italian::Italian>($args),
            dama_engine::variant::Variant::English => $run::<dama_engine::english::English>($args),
            dama_engine::variant::Variant::International => {
                $run::<dama_engine::international::International>($args)
            }
            dama_engine::variant::Variant::Russian => $run::<dama_engine::flying8::Russian>($args),
            dama_engine::variant::Variant::Brazilian => {
                $run::<dama_engine::flying8::Brazilian>($args)
            }
        }
    };
}

pub mod merge;
pub mod relabel;
pub mod selfplay;
pub mod tune;

use clap::Subcommand;

/// The learning pipeline's commands.
#[derive(Subcommand, Debug)]
pub enum LearnCommand {
    /// Play fast games against itself and write their quiet positions as training data.
    Selfplay(selfplay::SelfPlayArgs),
    /// Join the data files of a self-play run's shards (--shard I/N) into the file of one run.
    SelfplayMerge(merge::SelfPlayMergeArgs),
    /// Search the positions of a self-play file again, deeper and with the endgame tables, into
    /// a new data file for `dama tune`.
    Relabel(relabel::RelabelArgs),
    /// Fit the learned evaluation's weights to self-play data.
    Tune(tune::TuneArgs),
}

/// Runs `dama selfplay` or `dama tune`.
pub fn run(command: &LearnCommand) -> Result<(), String> {
    match command {
        LearnCommand::Selfplay(args) => selfplay::run(args),
        LearnCommand::SelfplayMerge(args) => merge::run(args),
        LearnCommand::Relabel(args) => relabel::run(args),
        LearnCommand::Tune(args) => tune::run(args),
    }
}

/// Runs `work` on a rayon pool of `threads` threads (0: one per core).
fn with_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> Result<T, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    Ok(pool.install(work))
}

/// The progress bar of a run over `games` games.
fn games_bar(games: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(games);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, {msg} (eta {eta})",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar
}
