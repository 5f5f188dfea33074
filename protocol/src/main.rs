//! `dama`: the command-line program of the Dama engine for Dama Italiana, English and
//! International draughts.
//!
//! Every subcommand lives in its own module under `commands`; this file only parses the command
//! line and reports errors: one line on stderr and exit status 2.

use dama::{annotate, commands, dxp, egdb, hub, learn, play, serve, tell};

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Dama: an engine for Dama Italiana, English, International, Russian and Brazilian draughts.
#[derive(Parser, Debug)]
#[command(name = "dama", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the legal moves of a position (full-path notation), or of every FEN in a file.
    Moves(commands::moves::MovesArgs),
    /// Count the leaves of the move tree to a depth (the move generator's check).
    Perft(commands::perft::PerftArgs),
    /// Search a position and print each iteration, then `bestmove`.
    Analyze(commands::analyze::AnalyzeArgs),
    /// Search every position of a problem file and say when the search found its key move.
    Solve(commands::solve::SolveArgs),
    /// Annotate the games of a PDN file: evaluations, mistakes, better moves, graphs.
    Annotate(annotate::AnnotateArgs),
    /// Search a fixed set of positions; prints `nodes` (a fingerprint) and `nps`.
    Bench(commands::bench::BenchArgs),
    /// Build, show and measure the opening book (docs/book.md).
    Book(commands::book::BookArgs),
    /// Talk the Hub protocol (version 2) on stdin/stdout, for GUIs and match runners.
    Hub(hub::HubArgs),
    /// Build and probe the endgame databases (win/loss/draw and distance with few pieces).
    Egdb(egdb::EgdbArgs),
    #[command(flatten)]
    Learn(learn::LearnCommand),
    /// Play a game against the engine in the terminal: Dama Italiana, English, International,
    /// Russian or Brazilian draughts.
    Play(play::PlayArgs),
    /// Play a refereed match between two Hub engines: score, Elo, SPRT and PDN.
    Match(Box<dama_arena::MatchArgs>),
    /// Count the result files of a match's shards (match --shard I/N) as one run: score, Elo,
    /// SPRT, PDN.
    MatchMerge(dama_arena::merge::MatchMergeArgs),
    /// Play International draughts over the DamExchange protocol (DXP): serve or propose games.
    Dxp(dxp::DxpArgs),
    /// Serve the board in the browser: play and analyse all five games (http://127.0.0.1:8080/).
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    if let Some(missing) = missing_cpu_features() {
        eprintln!(
            "error: this build of dama needs the x86-64-v2 instructions ({missing}), which this \
             processor lacks; build it for any x86-64 processor with \
             RUSTFLAGS=\"-C target-cpu=x86-64\" cargo build --release -p dama"
        );
        return ExitCode::from(2);
    }
    let cli = Cli::parse();
    // Hub mode logs only to a file of its own: stderr belongs to the protocol there.
    if !matches!(cli.command, Command::Hub(_)) {
        env_logger::init();
        // What the tables built on first use are and when they are done (the Hub logs them).
        dama_egdb::first_use::set_notice(|message| tell!("{message}"));
    }
    let result = match cli.command {
        Command::Moves(args) => commands::moves::run(&args),
        Command::Perft(args) => commands::perft::run(&args),
        Command::Analyze(args) => commands::analyze::run(&args),
        Command::Solve(args) => commands::solve::run(&args),
        Command::Annotate(args) => annotate::run(&args),
        Command::Bench(args) => commands::bench::run(&args),
        Command::Book(args) => commands::book::run(&args),
        Command::Egdb(args) => egdb::run(&args),
        Command::Hub(args) => hub::run(&args),
        Command::Match(args) => {
            dama_arena::run(&args).map(|report| dama::terminal::out_text(&report))
        }
        Command::MatchMerge(args) => {
            dama_arena::merge::run(&args).map(|report| dama::terminal::out_text(&report))
        }
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Learn(command) => learn::run(&command),
        Command::Dxp(args) => match dxp::run(&args) {
            Ok(()) => Ok(()),
            Err(dxp::Failure::Usage(message)) => Err(message),
            // The connection failing is not a mistake on the command line: status 1.
            Err(dxp::Failure::Connection(message)) => {
                tell!("error: {message}");
                return ExitCode::from(1);
            }
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            tell!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The instruction sets this build was compiled to use (`.cargo/config.toml`) that the processor
/// lacks, if any: checked before anything else runs, so that an old processor gets a message
/// instead of an illegal instruction. (The processor is asked directly: the standard feature test
/// answers from the build's own settings when they include the feature.)
fn missing_cpu_features() -> Option<&'static str> {
    #[cfg(all(target_arch = "x86_64", any(target_feature = "popcnt", target_feature = "sse4.2")))]
    {
        // CPUID leaf 1 exists on every x86-64 processor.
        let ecx = std::arch::x86_64::__cpuid(1).ecx;
        if ecx & 1 << 23 == 0 {
            return Some("POPCNT");
        }
        if ecx & 1 << 20 == 0 {
            return Some("SSE4.2");
        }
    }
    None
}
