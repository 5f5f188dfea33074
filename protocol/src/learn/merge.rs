//! `dama selfplay-merge`: joins the data files of a self-play run's shards into the file of one
//! run (crate `dama-learn`, module `merge`).

use clap::Args;
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_learn::game::TrainingGame;
use dama_learn::{data, merge};
use std::path::PathBuf;

/// Arguments of `dama selfplay-merge`.
#[derive(Args, Debug)]
pub struct SelfPlayMergeArgs {
    /// The shards' data files (from `dama selfplay --shard I/N`): every shard of the run, once,
    /// in any order.
    #[arg(value_name = "SHARD", required = true)]
    shards: Vec<PathBuf>,
    /// The merged data file to write (the file one run with the same settings writes).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The games of the whole run: the --games the shards were played with.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Replace an existing --out file.
    #[arg(long)]
    force: bool,
}

/// Runs `dama selfplay-merge`.
pub fn run(args: &SelfPlayMergeArgs) -> Result<(), String> {
    if args.out.exists() && !args.force {
        return Err(format!(
            "--out '{}' exists: give --force to replace it, or another --out",
            args.out.display()
        ));
    }
    dama_frontend::files::check_writable("--out", &args.out, &args.out)?;
    // The first shard's header names the game; a shard of another game is refused on reading.
    let first = args.shards.first().ok_or("give the shard files to merge")?;
    match data::read_header(first)?.game {
        game if game == Italian::DATA_GAME => merge_game::<Italian>(args),
        game if game == English::DATA_GAME => merge_game::<English>(args),
        game if game == International::DATA_GAME => merge_game::<International>(args),
        other => Err(format!("{}: data of an unknown game ({other})", first.display())),
    }
}

fn merge_game<R: TrainingGame>(args: &SelfPlayMergeArgs) -> Result<(), String> {
    let summary = merge::merge::<R>(&args.shards, args.games, &args.out)?;
    say!(
        "merged {} shards into {}: games {}, positions {} ({} dropped as seen in an earlier \
         shard's games)",
        summary.shards,
        args.out.display(),
        summary.games,
        summary.positions,
        summary.dropped
    );
    Ok(())
}
