//! `dama egdb`: build the endgame databases and probe them (crate `dama-egdb`).
//!
//! ```text
//! dama egdb build --pieces 5 [--dir DIR] [--threads T]
//! dama egdb probe --fen "W:WK1,K3:BK32" [--dir DIR]
//! dama egdb probe --fen-file positions.txt
//! dama egdb build --variant english --pieces 5
//! dama egdb slices --pieces 5                  # the slices, their levels and what each needs
//! dama egdb build --slice m2k1-m1k0 --dir DIR  # one slice, when the slices it needs are there
//! dama egdb probe --variant english --fen "W:WK19,K23:BK32"
//! dama egdb build --variant international --pieces 4
//! dama egdb probe --variant international --fen "W:WK46:BK5"
//! dama egdb status [--dir DIR]                 # what each game has, what first use builds
//! ```
//!
//! Dama Italiana by default; `--variant english` for English draughts and `--variant
//! international` for International draughts, whose tables go in the `english` and
//! `international` subdirectories of the table directory.
//!
//! One module per subcommand; `location` finds the table directory and builds the small tables
//! on first use.

mod build;
pub mod location;
mod probe;
mod slices;
mod status;

use clap::{Args, Subcommand};

/// Arguments of `dama egdb`.
#[derive(Args, Debug)]
pub struct EgdbArgs {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Subcommand, Debug)]
enum EgdbCommand {
    /// Build every table with 2 to N pieces by retrograde analysis (resumes: finished tables
    /// are kept).
    Build(build::BuildArgs),
    /// Print `FEN<TAB>win|loss|draw[<TAB>plies]` for positions within the tables.
    Probe(probe::ProbeArgs),
    /// List every slice up to N pieces in building order: its level and the slices it needs.
    Slices(slices::SlicesArgs),
    /// What each game has in the table directory, what first use builds, whether a build runs.
    Status(status::StatusArgs),
}

/// Runs `dama egdb`.
pub fn run(args: &EgdbArgs) -> Result<(), String> {
    match &args.command {
        EgdbCommand::Build(args) => build::run(args),
        EgdbCommand::Probe(args) => probe::run(args),
        EgdbCommand::Slices(args) => slices::run(args),
        EgdbCommand::Status(args) => status::run(args),
    }
}
